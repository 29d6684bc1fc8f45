import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { linkOf, useStory } from '../../lib/cms-story.ts';
import { ConsentSettingsLink } from './consent-banner.tsx';
import { StoreSwitch } from './store-switch.tsx';
import { ReviewScore } from './review-score.tsx';
import { ShowAccessibilityButton } from './accessibility-button.tsx';

interface LinkColumn {
  title?: string;
  links?: { title?: string; label?: string; link?: unknown; url?: string }[];
}

const FALLBACK_COLUMNS: LinkColumn[] = [
  {
    title: 'Klantenservice',
    links: [
      { title: 'Contact', url: '/klantenservice' },
      { title: 'Verzenden & retourneren', url: '/klantenservice/retourneren' },
      { title: 'Maattabellen', url: '/klantenservice/maattabellen' },
    ],
  },
  {
    title: 'OFM',
    links: [
      { title: 'Over ons', url: '/over-ons' },
      { title: 'Winkels', url: '/winkels/' },
      { title: 'OFM Club', url: '/mijn-account/ofm-club/' },
    ],
  },
];

const PAYMENT_LOGOS = ['iDEAL', 'Visa', 'Mastercard', 'Riverty', 'VVV', 'Cadeaukaart'];
const PAYMENT_NAMES: Record<string, string> = {
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

/**
 * Footer from the CMS story global/footer (spec 001 §1); in checkout without newsletter and link columns. The newsletter
 * signup is its own feature, composed in by the app (docs/architecture.md "Layout and where to look").
 */
export function Footer({ minimal, newsletter }: { minimal: boolean; newsletter?: ReactNode }) {
  const story = useStory('global/footer');
  // Spec 001 §4: footer link columns collapse on mobile and can be expanded.
  const mobile = useIsMobile();
  const c = story.data?.content ?? {};
  const columns = (
    Array.isArray(c.internalLinks)
      ? c.internalLinks
      : Array.isArray(c.internal_links)
        ? c.internal_links
        : FALLBACK_COLUMNS
  ) as LinkColumn[];
  const year = new Date().getFullYear();
  const contact = (Array.isArray(c.contactItems) ? c.contactItems : []) as {
    title?: string;
    description?: string;
    link?: string;
  }[];
  const logos = (
    Array.isArray(c.paymentLogos) ? (c.paymentLogos as string[]).map((l) => PAYMENT_NAMES[l] ?? l) : PAYMENT_LOGOS
  ) as string[];
  const legal = (['disclaimer', 'privacy', 'terms'] as const).map((k, i) => {
    const v = c[k] as { title?: string; link?: string } | undefined;
    return {
      title: v?.title ?? [t('Disclaimer'), t('Privacy'), t('Terms and conditions')][i],
      link: v?.link ?? ['/disclaimer', '/privacy', '/algemene-voorwaarden'][i],
    };
  });
  const address = typeof c.companyAddress === 'string' ? c.companyAddress : `OFM B.V. · © ${year}`;
  return (
    <footer className="site-footer">
      {minimal ? null : (
        <div className="footer-inner footer-columns">
          {newsletter}
          {contact.length ? (
            <details className="footer-column" open={!mobile}>
              <summary>Contact</summary>
              <ul>
                {contact.map((item) => (
                  <li key={item.title}>
                    <a href={item.link}>{item.title}</a> <span className="muted">{item.description}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {columns.map((col, i) => (
            <details key={`${col.title ?? i}-${mobile}`} className="footer-column" open={!mobile}>
              <summary>{col.title}</summary>
              <ul>
                {(col.links ?? []).map((l, j) => {
                  const href = linkOf(l.link) ?? l.url ?? '/';
                  return (
                    <li key={j}>
                      <Link to={href}>{l.title ?? l.label}</Link>
                    </li>
                  );
                })}
              </ul>
            </details>
          ))}
        </div>
      )}
      <div className="footer-inner footer-bottom">
        <StoreSwitch />
        <ReviewScore />
        <ul className="payment-logos" aria-label={t('Payment methods')}>
          {logos.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p>
          {address} · {t('All rights reserved.')}
        </p>
        <ul className="legal-links">
          {legal.map((l) => (
            <li key={l.link}>
              <Link to={l.link}>{l.title}</Link>
            </li>
          ))}
          <li>
            <ConsentSettingsLink />
          </li>
          <li>
            <ShowAccessibilityButton />
          </li>
        </ul>
      </div>
    </footer>
  );
}
