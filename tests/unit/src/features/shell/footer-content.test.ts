import { describe, expect, test } from 'vitest';
import {
  awardImagesOf,
  contactHeaderOf,
  PAYMENT_LOGOS,
  paymentLogosOf,
  socialLinksOf,
} from '../../../../../src/features/shell/footer-content.ts';

describe('the footer story\'s parts (spec 001 §1, §3 "Footer content")', () => {
  test('social links: a web link each, named by its title, else by the network', () => {
    expect(
      socialLinksOf({
        socialLinks: [
          { name: 'instagram', title: 'OFM op Instagram', link: 'https://www.instagram.com/ofm' },
          { name: 'Facebook', link: { url: 'https://www.facebook.com/ofm' } },
          { name: 'evil', link: 'javascript:alert(1)' },
          { name: 'none' },
        ],
      }),
    ).toEqual([
      { name: 'instagram', title: 'OFM op Instagram', link: 'https://www.instagram.com/ofm' },
      { name: 'facebook', title: 'Facebook', link: 'https://www.facebook.com/ofm' },
    ]);
    expect(socialLinksOf({})).toEqual([]);
  });

  test('award images with their alternative text; one without an image is left out', () => {
    expect(
      awardImagesOf({ awardImages: [{ src: '/assets/awards/a.svg', alt: 'Prijs' }, { alt: 'zonder beeld' }] }),
    ).toEqual([{ src: '/assets/awards/a.svg', alt: 'Prijs' }]);
  });

  test("the contact header: title, description and the rich text's paragraphs as text", () => {
    expect(
      contactHeaderOf({
        contactHeader: {
          title: 'Klantenservice',
          description: 'We staan voor je klaar',
          richText: '<p>Maandag t/m vrijdag &amp; zaterdag.</p><p><strong>Zondag</strong> gesloten.</p>',
        },
      }),
    ).toEqual({
      title: 'Klantenservice',
      description: 'We staan voor je klaar',
      paragraphs: ['Maandag t/m vrijdag & zaterdag.', 'Zondag gesloten.'],
    });
    expect(contactHeaderOf({ contactHeader: { title: ' ' } })).toBeNull();
    expect(contactHeaderOf({})).toBeNull();
  });

  test("payment logos: the images the shop has for the story's codes, else all of spec 001 §1", () => {
    expect(paymentLogosOf({ paymentLogos: ['ideal', 'bitcoin', 'visa'] })).toEqual([
      { code: 'ideal', src: '/assets/payment/ideal.svg', alt: 'iDEAL' },
      { code: 'visa', src: '/assets/payment/visa.svg', alt: 'Visa' },
    ]);
    expect(paymentLogosOf({}).map((l) => l.code)).toEqual(Object.keys(PAYMENT_LOGOS));
    expect(Object.keys(PAYMENT_LOGOS)).toHaveLength(9);
  });
});
