import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { linkOf, useStory } from '../../lib/cms-story.ts';
import { ConsentSettingsLink } from './consent-banner.tsx';
import { StoreSwitch } from './store-switch.tsx';
import { ReviewScore } from './review-score.tsx';
import { ShowAccessibilityButton } from './accessibility-button.tsx';
import { awardImagesOf, contactHeaderOf, paymentLogosOf, socialLinksOf } from './footer-content.ts';
import { AwardImages, FooterContactHeader, PaymentLogos, SocialLinks } from './footer-parts.tsx';

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

/**
 * Footer from the CMS story global/footer (spec 001 §1, §3 "Footer content"): the contact header, social icons and
 * award images with the contact items, the link columns, the payment logos, the address and the legal links; in
 * checkout without newsletter and link columns. The newsletter signup is its own feature, composed in by the app
 * (docs/architecture.md "Layout and where to look").
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
  const legal = (['disclaimer', 'privacy', 'terms'] as const).map((k, i) => {
    const v = c[k] as { title?: string; link?: string } | undefined;
    return {
      title: v?.title ?? [t('Disclaimer'), t('Privacy'), t('Terms and conditions')][i],
      link: v?.link ?? ['/disclaimer', '/privacy', '/algemene-voorwaarden'][i],
    };
  });
  const address = typeof c.companyAddress === 'string' ? c.companyAddress : `OFM B.V. · © ${year}`;
  const contactHeader = contactHeaderOf(c);
  return (
    <footer className="site-footer">
      <div className="footer-inner footer-contact">
        {contactHeader ? <FooterContactHeader header={contactHeader} /> : null}
        {contact.length ? (
          <ul className="footer-contact-items">
            {contact.map((item) => (
              <li key={item.title}>
                <a href={item.link}>{item.title}</a> <span className="muted">{item.description}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <SocialLinks links={socialLinksOf(c)} />
        <AwardImages images={awardImagesOf(c)} />
      </div>
      {minimal ? null : (
        <div className="footer-inner footer-columns">
          {newsletter}
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
        <PaymentLogos logos={paymentLogosOf(c)} />
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
