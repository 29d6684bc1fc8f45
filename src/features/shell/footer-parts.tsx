import { t } from '../../lib/i18n/index.ts';
import { SocialIcon } from '../../ui/social-icon.tsx';
import type { ContactHeader, FooterImage, SocialLink } from './footer-content.ts';

/** The footer story's contact header (spec 001 §3): title, description and the rich text as paragraphs. */
export function FooterContactHeader({ header }: { header: ContactHeader }) {
  return (
    // a div, not a header: a header outside a section would be a second banner landmark
    <div className="footer-contact-header">
      {header.title ? <h2>{header.title}</h2> : null}
      {header.description ? <p className="footer-contact-description">{header.description}</p> : null}
      {header.paragraphs.map((p, i) => (
        <p key={i} className="muted">
          {p}
        </p>
      ))}
    </div>
  );
}

/** The shop's social accounts: an icon each, named by its link (spec 001 §1 "social icons"). */
export function SocialLinks({ links }: { links: SocialLink[] }) {
  if (!links.length) return null;
  return (
    <ul className="social-links" aria-label={t('Follow us')}>
      {links.map((s) => (
        <li key={s.link}>
          <a href={s.link} aria-label={s.title} title={s.title} target="_blank" rel="noopener noreferrer">
            <SocialIcon name={s.name} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Small images below the fold, named as a list, each by its alternative text; they load when the footer nears the screen. */
function ImageList({
  images,
  label,
  className,
  width,
  height,
}: {
  images: FooterImage[];
  label: string;
  className: string;
  width: number;
  height: number;
}) {
  return (
    <ul className={className} aria-label={label}>
      {images.map((image) => (
        <li key={image.src}>
          <img src={image.src} alt={image.alt} width={width} height={height} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}

/** The award images of the footer story. */
export function AwardImages({ images }: { images: FooterImage[] }) {
  if (!images.length) return null;
  return (
    <ImageList images={images} label={t('Awards and quality marks')} className="footer-awards" width={72} height={72} />
  );
}

/** Spec 001 §1's payment logos as images (public/assets/payment/). */
export function PaymentLogos({ logos }: { logos: FooterImage[] }) {
  return <ImageList images={logos} label={t('Payment methods')} className="payment-logos" width={48} height={30} />;
}
