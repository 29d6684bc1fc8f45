import { t } from '../../lib/i18n/index.ts';
import { useOnline } from '../../lib/online.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Loader } from '../../ui/loader.tsx';
import { NotFoundPage } from '../static/not-found-page.tsx';
import { OfflineUnavailable } from '../static/offline-unavailable.tsx';
import { Blocks } from './blocks.tsx';
import { useStory } from './use-story.ts';

export function ContentView({ slug }: { slug: string }) {
  const online = useOnline();
  const story = useStory(slug);
  useDocumentTitle(story.data?.content.seo?.title ?? story.data?.name);
  if (story.status === 'loading') return <Loader />;
  if (story.status === 'error') return online ? <NotFoundPage /> : <OfflineUnavailable />;
  if (!story.data) return <NotFoundPage />;
  const body = story.data.content.body ?? [];
  const hasHeading = body.some((b) => ['hero', 'banner', 'hero_banner'].includes(b.component));
  return (
    <div className="page content-page">
      {hasHeading ? null : <h1>{story.data.name ?? t('Home')}</h1>}
      <Blocks blocks={body} />
    </div>
  );
}
