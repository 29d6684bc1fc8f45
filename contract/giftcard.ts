import { Type, type Static } from 'typebox';

/** The card as the shopper types it: 16 digits (spaces allowed) and a 4-digit PIN (docs/api.md "Gift cards"). */
export const GiftCardBody = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 40 }),
  pin: Type.String({ minLength: 1, maxLength: 8 }),
});
export type GiftCardBody = Static<typeof GiftCardBody>;

/** The balance check's answer: the masked number and the balance in euros. */
export const GiftCardBalance = Type.Object({
  number: Type.String(),
  balance: Type.Number(),
});
export type GiftCardBalance = Static<typeof GiftCardBalance>;
