import { cmsText, imageOf, linkOf } from '../../lib/cms-story.ts';
import { plainText } from '../../lib/plain-text.ts';

/**
 * The parts of the footer story (spec 001 §3 "Footer content") the footer shows besides its link columns, read once
 * from whatever the CMS sends: a field that is missing or of the wrong kind leaves its part out.
 */

/** Spec 001 §1's payment logos, in its order: the story's code → the name the image carries as its text. */
export const PAYMENT_LOGOS: Record<string, string> = {
  'dhl': 'DHL',
  'riverty': 'Riverty',
  'ideal': 'iDEAL',
  'visa': 'Visa',
  'mastercard': 'Mastercard',
  'ofm-card': 'OFM Card',
  'vvv': 'VVV Cadeaukaart',
  'fashion-cheque': 'Fashioncheque',
  'giftcard': 'Cadeaubon',
};

export interface FooterImage {
  src: string;
  alt: string;
}

export interface SocialLink {
  name: string;
  title: string;
  link: string;
}

export interface ContactHeader {
  title?: string;
  description?: string;
  /** The rich text's paragraphs as text: CMS HTML is sanitised by the server and shown as text (src/lib/plain-text.ts). */
  paragraphs: string[];
}

const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

/** The award images the story names, each with its alternative text. */
export function awardImagesOf(content: Record<string, unknown>): FooterImage[] {
  return list(content.awardImages).flatMap((a) => {
    const src = imageOf(a.src) ?? imageOf(a.image) ?? imageOf(a.filename);
    return src ? [{ src, alt: cmsText(a.alt) ?? cmsText(a.title) ?? '' }] : [];
  });
}

/** The social links with a link of the web; `title` names the link, else the network's name does. */
export function socialLinksOf(content: Record<string, unknown>): SocialLink[] {
  return list(content.socialLinks).flatMap((s) => {
    const link = linkOf(s.link);
    const name = cmsText(s.name)?.toLowerCase();
    if (!link || !name || !/^https?:\/\//i.test(link)) return [];
    return [{ name, title: cmsText(s.title) ?? name.charAt(0).toUpperCase() + name.slice(1), link }];
  });
}

export function contactHeaderOf(content: Record<string, unknown>): ContactHeader | null {
  const h = content.contactHeader;
  if (!h || typeof h !== 'object') return null;
  const { title, description, richText } = h as Record<string, unknown>;
  const paragraphs = plainText(cmsText(richText) ?? '')
    .split(/\n{2,}/)
    .filter(Boolean);
  const header = { title: cmsText(title), description: cmsText(description), paragraphs };
  return header.title || header.description || paragraphs.length ? header : null;
}

/** The story's payment logos the shop has an image of (public/assets/payment/), else all of spec 001 §1's. */
export function paymentLogosOf(content: Record<string, unknown>): (FooterImage & { code: string })[] {
  const codes = Array.isArray(content.paymentLogos)
    ? content.paymentLogos.filter((c): c is string => typeof c === 'string' && Object.hasOwn(PAYMENT_LOGOS, c))
    : Object.keys(PAYMENT_LOGOS);
  return codes.map((code) => ({ code, src: `/assets/payment/${code}.svg`, alt: PAYMENT_LOGOS[code] }));
}
