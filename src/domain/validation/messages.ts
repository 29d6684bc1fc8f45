/**
 * Validation messages (spec 001 §5). The value of each entry is the spec's English source text and IS the message
 * key: the app's catalogue (src/lib/i18n/nl.ts) is keyed by these texts and holds the Dutch translations, so
 * `t(key, params)` shows them. Validators return one of these keys, or null when the value is valid.
 */
export const VALIDATION_MESSAGES = {
  required: 'Field is required',
  requiredFieldsBeforeSaving: 'Please fill in all required fields before saving.',
  email: 'Please provide a valid e-mail address.',
  newsletterEmail: 'Please provide a valid e-mail address',
  mobile: 'Please provide a valid mobile number: 10 to 16 digits, starting with 0 or +31.',
  phone: 'Please provide a valid phone number.',
  name: 'Name must have at least 2 letters.',
  nameLong: 'Name must have at least 3 letters.',
  minThreeLetters: 'Field must have at least 3 letters.',
  passwordTooShort: 'Password must have at least 8 characters.',
  passwordWeak: 'Password must contain at least 3 of: lowercase letters, uppercase letters, digits, special characters.',
  passwordsDiffer: 'Passwords must be identical.',
  dateOfBirth: 'Please provide a valid date of birth.',
  postcodeAndHouseNumber: 'Please provide a valid postcode and house number.',
  shippingAddress: 'Please provide a valid shipping address.',
  /** Takes the param `{max}`. */
  maxLength: 'Maximum {max} characters.',
  searchTerm: 'Search term must have at least 3 characters.',
  terms: 'You must accept the terms and conditions.',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[ValidationMessageId];

/** A validation result: the message key, or null when valid. */
export type ValidationResult = ValidationMessage | null;
