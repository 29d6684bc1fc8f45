import { useParams } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ContentView } from '../content/content-page.tsx';

export function ErrorPage() {
  useDocumentTitle(t('Something went wrong'));
  return (
    <div className="page">
      <EmptyState title={t('Something went wrong')} text={t('Please try again in a moment.')} linkLabel={t('Home')} />
    </div>
  );
}

export function WishlistPage() {
  useDocumentTitle(t('Wishlist'));
  return (
    <div className="page">
      <EmptyState
        title={t('Your wishlist is empty')}
        text={t('Tap the heart on a product to save it for later.')}
        linkLabel={t('Continue shopping')}
      />
    </div>
  );
}

/** Donation pages are CMS stories under mannen-voor-mannen/{slug}. */
export function DonationPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  return <ContentView key={slug} slug={`mannen-voor-mannen/${slug}`} />;
}

/** Draft preview: the story named in the query (spec 001 §2), published version when no preview token is given. */
export function PreviewPage() {
  const slug = new URLSearchParams(window.location.search).get('slug') ?? 'home';
  return <ContentView slug={slug} />;
}
