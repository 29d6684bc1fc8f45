/** Form validation shared by the app's forms and the server (spec 001 §5). Each rule returns a message key or null. */
export * from './messages.ts';
export * from './required.ts';
export * from './password.ts';
export * from './email.ts';
export * from './phone.ts';
export * from './name.ts';
export * from './address.ts';
export * from './length.ts';
export * from './date-of-birth.ts';
