import { Link, useSearch } from '@tanstack/react-router';
import type { CommandResult } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';

/**
 * The two links of the newsletter confirmation mail (docs/customer-account.md "Newsletter"). The page, not the link itself, tells the
 * server: a mail scanner that opens every link runs no script, so it cannot confirm or unsubscribe anybody.
 */
function NewsletterLinkPage({ title, follow }: { title: string; follow: (token: string) => Promise<CommandResult> }) {
  useDocumentTitle(t(title));
  const search: Record<string, unknown> = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : '';
  const answer = useAsync(token ? `${title}:${token}` : null, () => follow(token));
  const result: CommandResult | undefined = !token
    ? { ok: false, messageKey: 'This link is not complete.' }
    : answer.status === 'error'
      ? { ok: false, messageKey: 'An error occurred during the submission process.' }
      : answer.status === 'success'
        ? answer.data
        : undefined;
  return (
    <div className="page narrow newsletter-link-page">
      <h1>{t(title)}</h1>
      {!result ? (
        <Loader />
      ) : result.ok ? (
        <p role="status">{t(result.messageKey ?? title)}</p>
      ) : (
        <>
          <p role="alert">{t(result.messageKey ?? 'An error occurred during the submission process.')}</p>
          {token ? (
            <Button variant="secondary" onClick={answer.reload}>
              {t('Try again')}
            </Button>
          ) : null}
        </>
      )}
      <p>
        <Link to="/">{t('Continue shopping')}</Link>
      </p>
    </div>
  );
}

export function NewsletterConfirmPage() {
  return (
    <NewsletterLinkPage title="Confirm newsletter subscription" follow={(token) => shop().confirmNewsletter(token)} />
  );
}

export function NewsletterUnsubscribePage() {
  return (
    <NewsletterLinkPage
      title="Unsubscribe from the newsletter"
      follow={(token) => shop().unsubscribeNewsletter(token)}
    />
  );
}
