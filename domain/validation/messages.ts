/**
 * Validation messages (spec 001 §5). The value of each entry is the spec's English source text and IS the message
 * key: the app's catalogue (src/lib/i18n/nl.ts) is keyed by these texts and holds the Dutch translations, so
 * `t(key, params)` shows them. Validators return one of these keys, or null when the value is valid.
 */
export const VALIDATION_MESSAGES = {
  required: 'Field is required',
  requiredFieldsBeforeSaving: 'Please fill in all required fields before saving.',
  email: 'Please provide a valid e-mail address.',
  mobile: 'Please provide a valid mobile number: 10 to 16 digits, starting with 0 or +31.',
  phone: 'Please provide a valid phone number.',
  name: 'Name must have at least 2 letters.',
  nameLong: 'Name must have at least 3 letters.',
  passwordTooShort: 'Password must have at least 8 characters.',
  passwordWeak:
    'Password must contain at least 3 of: lowercase letters, uppercase letters, digits, special characters.',
  passwordsDiffer: 'Passwords must be identical.',
  dateOfBirth: 'Please provide a valid date of birth.',
  postcodeAndHouseNumber: 'Please provide a valid postcode and house number.',
  shippingAddress: 'Please provide a valid shipping address.',
  /** Takes the param `{max}`. */
  maxLength: 'Maximum {max} characters.',
  searchTerm: 'Search term must have at least 3 characters.',
  /** A donation's amount (domain/donation.ts); the shop's own rule, the spec names no bounds. */
  donationAmount: 'Choose an amount from € 1 to € 10,000.',
  paymentMethod: 'Please choose a payment method.',
  servicePointOrStore: 'A service point or store must be selected.',
  addressBeforeShippingMethod: 'An address must be saved or selected before a shipping method.',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[ValidationMessageId];

/** A validation result: the message key, or null when valid. */
export type ValidationResult = ValidationMessage | null;

/** The Dutch text of each validation message (spec 001 §5); the app's catalogue and the server's 400s both use it. */
export const VALIDATION_TEXTS_NL = {
  'Field is required': 'Dit veld is verplicht',
  'Please fill in all required fields before saving.': 'Vul alle verplichte velden in voordat je opslaat.',
  'Please provide a valid e-mail address.': 'Vul een geldig e-mailadres in.',
  'Please provide a valid mobile number: 10 to 16 digits, starting with 0 or +31.':
    'Vul een geldig mobiel nummer in: 10 tot 16 cijfers, beginnend met 0 of +31.',
  'Name must have at least 2 letters.': 'Een naam heeft minimaal 2 letters.',
  'Name must have at least 3 letters.': 'Een naam heeft minimaal 3 letters.',
  'Password must have at least 8 characters.': 'Je wachtwoord moet minimaal 8 tekens hebben.',
  'Password must contain at least 3 of: lowercase letters, uppercase letters, digits, special characters.':
    'Je wachtwoord moet minimaal 3 van deze 4 bevatten: kleine letters, hoofdletters, cijfers, speciale tekens.',
  'Passwords must be identical.': 'De wachtwoorden moeten gelijk zijn.',
  'Please provide a valid date of birth.': 'Vul een geldige geboortedatum in.',
  'Please provide a valid postcode and house number.': 'Vul een geldige postcode en huisnummer in.',
  'Please provide a valid phone number.': 'Vul een geldig telefoonnummer in.',
  'Please provide a valid shipping address.': 'Vul een geldig verzendadres in.',
  'Maximum {max} characters.': 'Maximaal {max} tekens.',
  'Search term must have at least 3 characters.': 'Een zoekterm heeft minimaal 3 tekens.',
  'Choose an amount from € 1 to € 10,000.': 'Kies een bedrag van € 1 tot € 10.000.',
  'Please choose a payment method.': 'Kies een betaalmethode.',
  'A service point or store must be selected.': 'Kies een afhaalpunt of winkel.',
  'An address must be saved or selected before a shipping method.':
    'Sla eerst een adres op of kies een opgeslagen adres voordat je een verzendmethode kiest.',
} as const satisfies Record<ValidationMessage, string>;
