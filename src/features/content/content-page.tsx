import { useLocation } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useReloadWhenOnline } from '../../lib/online.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Breadcrumbs, urlPathCrumbs } from '../../ui/breadcrumbs.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FailedPage, NotFoundPage } from '../../ui/missing-page.tsx';
import { Blocks, type BlockComponents } from './blocks.tsx';
import { useStory, type Story } from '../../lib/cms-story.ts';
import { isBlogStory, StoryHeader } from './story-meta.tsx';

/** A story's page: an article or event under its header (spec 001 §1 "blog"), any other story as its blocks. */
export function StoryView({ story, blockComponents }: { story: Story; blockComponents?: BlockComponents }) {
  // the back link names a CMS page by its story name, not its SEO title
  useDocumentTitle(story.content.seo?.title ?? story.name, story.name);
  const { pathname } = useLocation();
  const body = story.content.body ?? [];
  const hasHeading = body.some((b) => ['hero', 'banner', 'hero_banner'].includes(b.component));
  const blog = isBlogStory(story);
  return (
    <div className={`page content-page${blog ? ' story-page' : ''}`}>
      {pathname === '/' ? null : <Breadcrumbs items={urlPathCrumbs(pathname)} current={story.name ?? ''} />}
      {blog ? <StoryHeader story={story} /> : hasHeading ? null : <h1>{story.name ?? t('Home')}</h1>}
      <Blocks blocks={body} components={blockComponents} />
    </div>
  );
}

export function ContentView({ slug, blockComponents }: { slug: string; blockComponents?: BlockComponents }) {
  const story = useStory(slug);
  // A story that could not be fetched (offline, or the CMS failing) is not a missing one: only a 404 is not found.
  useReloadWhenOnline(story.status === 'error', story.reload);
  if (story.status === 'loading') return <Loader />;
  if (story.status === 'error') return <FailedPage error={story.error} />;
  if (!story.data) return <NotFoundPage />;
  return <StoryView story={story.data} blockComponents={blockComponents} />;
}
