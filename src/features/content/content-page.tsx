import { t } from '../../lib/i18n/index.ts';
import { useOnline } from '../../lib/online.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Breadcrumbs, urlPathCrumbs } from '../../ui/breadcrumbs.tsx';
import { Loader } from '../../ui/loader.tsx';
import { NotFoundPage, OfflineUnavailable } from '../../ui/missing-page.tsx';
import { Blocks, type BlockComponents } from './blocks.tsx';
import { useStory } from '../../lib/cms-story.ts';

export function ContentView({ slug, blockComponents }: { slug: string; blockComponents?: BlockComponents }) {
  const online = useOnline();
  const story = useStory(slug);
  useDocumentTitle(story.data?.content.seo?.title ?? story.data?.name, story.data?.name);
  if (story.status === 'loading') return <Loader />;
  if (story.status === 'error') return online ? <NotFoundPage /> : <OfflineUnavailable />;
  if (!story.data) return <NotFoundPage />;
  const body = story.data.content.body ?? [];
  const hasHeading = body.some((b) => ['hero', 'banner', 'hero_banner'].includes(b.component));
  return (
    <div className="page content-page">
      {slug === 'home' ? null : (
        <Breadcrumbs items={urlPathCrumbs(window.location.pathname)} current={story.data.name ?? ''} />
      )}
      {hasHeading ? null : <h1>{story.data.name ?? t('Home')}</h1>}
      <Blocks blocks={body} components={blockComponents} />
    </div>
  );
}

/** Draft preview: the story named in the query (spec 001 §2), published version when no preview token is given. */
export function PreviewPage() {
  const slug = new URLSearchParams(window.location.search).get('slug') ?? 'home';
  return <ContentView slug={slug} />;
}
