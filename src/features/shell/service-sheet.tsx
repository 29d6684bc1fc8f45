import { Link } from '@tanstack/react-router';
import { linkOf, useStory } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { BottomSheet } from '../../ui/bottom-sheet.tsx';

interface ContactItem {
  title?: string;
  description?: string;
  link?: unknown;
}

/**
 * The footer's contact items (CMS story global/footer, spec 001 §3 "Footer content") in the bottom sheet: the named
 * modal 'customer-service', the one the sheet holds (spec 001 §2).
 */
export function ServiceSheet({ open, onClose }: ModalProps<'customer-service'>) {
  const story = useStory(open ? 'global/footer' : null);
  const c = story.data?.content ?? {};
  const header = (c.contactHeader ?? {}) as { description?: string };
  const items = (Array.isArray(c.contactItems) ? c.contactItems : []) as ContactItem[];
  return (
    <BottomSheet open={open} title={t('Customer service')} onClose={onClose}>
      {header.description ? <p className="muted">{header.description}</p> : null}
      <ul className="service-links">
        {items.map((item) => {
          const href = linkOf(item.link);
          if (!href || !item.title) return null;
          const body = (
            <>
              <strong>{item.title}</strong>
              {item.description ? <span className="muted">{item.description}</span> : null}
            </>
          );
          return (
            <li key={item.title}>{href.startsWith('/') ? <Link to={href}>{body}</Link> : <a href={href}>{body}</a>}</li>
          );
        })}
        <li>
          <Link to="/klantenservice">
            <strong>{t('All customer service topics')}</strong>
          </Link>
        </li>
      </ul>
    </BottomSheet>
  );
}
