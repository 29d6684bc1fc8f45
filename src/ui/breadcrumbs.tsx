import { Link, useRouter } from '@tanstack/react-router';
import { t } from '../lib/i18n/index.ts';
import { useIsMobile } from '../lib/media.ts';

export interface Crumb {
  text: string;
  to?: string;
}

/** Spec 001 §2: the back link waits 150 ms so its pressed state is visible before the page changes. */
export const BACK_LINK_DELAY_MS = 150;

/** Breadcrumbs from the category path or URL path; on mobile (< 1024 px) a back link replaces them. */
export function Breadcrumbs({ items, current }: { items: Crumb[]; current: string }) {
  const mobile = useIsMobile();
  const router = useRouter();
  if (mobile) {
    const last = items[items.length - 1];
    return (
      <nav className="breadcrumbs breadcrumbs-back" aria-label={t('Breadcrumbs')}>
        <a
          href={last?.to ?? '/'}
          onClick={(e) => {
            e.preventDefault();
            setTimeout(() => {
              if (window.history.length > 1) router.history.back();
              else void router.navigate({ to: last?.to ?? '/' });
            }, BACK_LINK_DELAY_MS);
          }}
        >
          ‹ {t('Back to {name}', { name: last?.text ?? t('Home') })}
        </a>
      </nav>
    );
  }
  return (
    <nav className="breadcrumbs" aria-label={t('Breadcrumbs')}>
      <ol>
        {items.map((c) => (
          <li key={`${c.text}${c.to}`}>{c.to ? <Link to={c.to}>{c.text}</Link> : c.text}</li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
