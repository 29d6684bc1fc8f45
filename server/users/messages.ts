import { AUTH_MESSAGES } from '../auth/messages.ts';

/** Shopper-facing answers of the users area (Dutch; spec 001 §8 lists their English meaning). */
export const MESSAGES = {
  /** One message for a wrong password and an unknown e-mail, so a login never tells which accounts exist. */
  loginFailed: 'Onjuist e-mailadres of wachtwoord.',
  tooManyAttempts: AUTH_MESSAGES.tooManyAttempts,
  tooManyRequests: AUTH_MESSAGES.tooManyRequests,
  emailTaken: 'Er bestaat al een account met dit e-mailadres.',
  resetLinkInvalid: 'De link om je wachtwoord opnieuw in te stellen is ongeldig of verlopen. Vraag een nieuwe aan.',
  currentPasswordWrong: 'Je huidige wachtwoord is onjuist.',
  couponInvalid: 'Dit is geen geldige couponcode.',
  addressNotFound: 'Adres niet gevonden',
  orderNotFound: 'Bestelling niet gevonden',
  transactionNotFound: 'Aankoop niet gevonden',
  cartNotFound: 'Winkelwagen niet gevonden',
  productNotFound: 'Product niet gevonden',
  wishlistItemNotFound: 'Dit product staat niet op je verlanglijst.',
  markupInName: 'Gebruik geen < of > in een naam.',
} as const;
