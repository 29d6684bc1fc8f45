import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n/index.ts';

/** A real page state for a page without content yet: a title, a helpful sentence and a way on. */
export function EmptyState({
  title,
  text,
  linkTo = '/',
  linkLabel,
  children,
}: {
  title: string;
  text?: string;
  linkTo?: string;
  linkLabel?: string;
  children?: ReactNode;
}) {
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      {text ? <p>{text}</p> : null}
      {children}
      {linkLabel ? (
        <Link to={linkTo} className="btn btn-primary">
          {linkLabel}
        </Link>
      ) : null}
    </section>
  );
}

/** A whole page that is only an empty state (an empty cart, a finished or failed payment, an error). */
export function EmptyPage(props: Parameters<typeof EmptyState>[0]) {
  return (
    <div className="page">
      <EmptyState {...props} />
    </div>
  );
}

/** The page of a cart without lines: the cart page and the checkout say it alike, each with its own sentence. */
export function EmptyCartPage({ text }: { text: string }) {
  return <EmptyPage title={t('Your cart is empty')} text={text} linkLabel={t('Continue shopping')} />;
}
