import { afterEach, describe, expect, test } from 'vitest';
import { nl, nlBE } from '../../../../../src/lib/i18n/nl.ts';
import { setLocale } from '../../../../../src/lib/i18n/index.ts';
import { t as accountT } from '../../../../../src/features/account/account-texts.ts';
import { t as checkoutT } from '../../../../../src/features/checkout/checkout-texts.ts';
import { t as compareT } from '../../../../../src/features/compare/compare-texts.ts';
import { t as previewT } from '../../../../../src/features/content/preview-texts.ts';
import { t as diagnosticsT } from '../../../../../src/features/diagnostics/diagnostics-texts.ts';
import { t as donationT } from '../../../../../src/features/donations/donation-texts.ts';
import { t as searchT } from '../../../../../src/features/search/search-texts.ts';
import { t as storeT } from '../../../../../src/features/stores/store-texts.ts';
import { t as wishlistT } from '../../../../../src/features/wishlist/wishlist-texts.ts';
import { VALIDATION_MESSAGES } from '../../../../../domain/validation/messages.ts';
import { STOCK_STATE_LABELS } from '../../../../../domain/catalog/stock-state.ts';
import { CART_TEXT } from '../../../../../worker/cart/cart-messages.ts';
import * as catalogMessages from '../../../../../worker/catalog/messages.ts';
import { SESSION_TEXT } from '../../../../../worker/user/session-messages.ts';
import { WISHLIST_TEXT } from '../../../../../worker/wishlist/wishlist-messages.ts';
import { FLYING_BLUE_FAILED, ORDER_SENT, ORDER_WAITING } from '../../../../../worker/orders/checkout.ts';
import { PARCEL_SHOPS_FAILED } from '../../../../../worker/orders/delivery.ts';

/**
 * docs/architecture.md "Conventions": every message key the worker
 * and the shared validation rules hand to the app has a Dutch text, so no English reaches a shopper.
 */
const catalogue = nl as Record<string, string>;

function missing(keys: string[]): string[] {
  return keys.filter((k) => !(k in catalogue));
}

describe('one Dutch message catalogue', () => {
  test('every spec 001 §5 validation message has a Dutch text', () => {
    expect(missing(Object.values(VALIDATION_MESSAGES))).toEqual([]);
  });

  test('every worker notification and command message has a Dutch text', () => {
    const keys = [
      ...Object.values(CART_TEXT),
      ...Object.values(SESSION_TEXT),
      ...Object.values(WISHLIST_TEXT),
      ORDER_WAITING,
      ORDER_SENT,
      FLYING_BLUE_FAILED,
      PARCEL_SHOPS_FAILED,
      ...(Object.values(catalogMessages as Record<string, unknown>).filter((v) => typeof v === 'string') as string[]),
    ];
    expect(missing(keys)).toEqual([]);
  });

  test('stock states of spec 001 §4 have Dutch labels', () => {
    expect(missing(Object.values(STOCK_STATE_LABELS))).toEqual([]);
  });

  test('the spec texts named in the brief read as the shop writes them', () => {
    expect(nl['Product has been added to the cart!']).toBe('Het product is toegevoegd aan je winkelwagen!');
    expect(nl['You are offline. Some features might not be available.']).toBe(
      'Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.',
    );
    expect(nl['No available product variants']).toBe('Geen beschikbare productvarianten');
  });
});

const FEATURES = [accountT, checkoutT, compareT, previewT, diagnosticsT, donationT, searchT, storeT, wishlistT];

describe("the features' own texts (src/lib/i18n featureTexts)", () => {
  afterEach(() => setLocale('nl-NL'));

  test("a feature translates its own keys, the shop's keys through it, and has its Belgian words", () => {
    expect(wishlistT('Move to cart')).toBe('In winkelwagen');
    expect(wishlistT('Product has been added to the cart!')).toBe('Het product is toegevoegd aan je winkelwagen!');
    expect(checkoutT('was {was}, now {now}', { was: '€ 10', now: '€ 12' })).toBe('was € 10, nu € 12');
    setLocale('nl-BE');
    expect(wishlistT('Move to cart')).toBe('In winkelmandje');
    expect(wishlistT('Add to cart')).toBe('In winkelmandje');
  });

  test('no key is in two catalogues, so no page can show another text for it than the shop does', () => {
    const seen = new Map<string, number>(Object.keys(nl).map((k) => [k, -1]));
    FEATURES.forEach((feature, i) => {
      for (const key of Object.keys(feature.texts)) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, i);
      }
    });
  });
});

describe('the nl-BE overlay (spec 001 §1 "nl-be for a Belgian store")', () => {
  test('every text that names the cart says "winkelmandje" in the BE store, keeping its placeholders', () => {
    const catalogues = [
      { texts: nl as Record<string, string>, belgian: nlBE as Record<string, string> },
      ...FEATURES.map((f) => ({
        texts: f.texts as Record<string, string>,
        belgian: f.belgian as Record<string, string>,
      })),
    ];
    const cartTexts = catalogues.flatMap(({ texts, belgian }) =>
      Object.entries(texts)
        .filter(([, text]) => /winkelwagen/i.test(text))
        .map(([key, text]) => [key, text, belgian[key]] as const),
    );
    expect(cartTexts.length).toBeGreaterThan(5);
    for (const [key, text, belgian] of cartTexts) {
      expect(belgian, key).toMatch(/winkelmandje/i);
      expect(belgian, key).not.toMatch(/winkelwagen/i);
      expect(belgian!.match(/\{\w+\}/g), key).toEqual(text.match(/\{\w+\}/g));
    }
  });
});
