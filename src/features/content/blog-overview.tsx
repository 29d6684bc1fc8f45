import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { Story, StoryBlock } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Loader } from '../../ui/loader.tsx';
import { ARTICLE_PAGE_SIZE, fetchArticles, searchBlog, type ArticleQuery } from './blog-api.ts';
import { StoryCard } from './story-meta.tsx';

/** The shopper's typing settles before the blog is searched (the spec names no delay; the newsletter's is 500 ms). */
const SEARCH_DEBOUNCE_MS = 300;

function BlogSearch({ slug }: { slug: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useAsync(query ? `blog-search:${slug}:${query}` : null, () => searchBlog(query));
  const shown = query && results.status !== 'loading' ? results : undefined;
  return (
    <search className="blog-search">
      <label htmlFor={id}>{t('Search the blog')}</label>
      <input id={id} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      {shown?.status === 'error' ? <p role="alert">{t('The blog could not be searched. Try again later.')}</p> : null}
      {shown?.status === 'success' ? (
        shown.data.length ? (
          <ul className="blog-suggestions" aria-label={t('Suggestions')}>
            {shown.data.map((s) => (
              <li key={s.full_slug}>
                <Link to={`/${s.full_slug}`}>{typeof s.content.title === 'string' ? s.content.title : s.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('No articles found for "{query}".', { query })}</p>
        )
      ) : null}
    </search>
  );
}

/** A titled list of blog stories; `more` pages on by ARTICLE_PAGE_SIZE (spec 001 §9) while the total has more. */
function StoryList({
  title,
  query,
  empty,
  more,
}: {
  title: string;
  query: ArticleQuery;
  empty: string;
  more?: boolean;
}) {
  const [pages, setPages] = useState<Story[][]>([]);
  const first = useAsync(`articles:${JSON.stringify(query)}`, () => fetchArticles(query));
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  if (first.status === 'loading') return <Loader />;
  if (first.status === 'error') {
    return (
      <section className="blog-list">
        <h2>{title}</h2>
        <p role="alert">{t('This list could not be loaded. Check your connection.')}</p>
      </section>
    );
  }
  const stories = [first.data.stories, ...pages].flat();
  const loadMore = () => {
    setLoadingMore(true);
    setMoreFailed(false);
    fetchArticles({ ...query, offset: stories.length })
      .then(
        (page) => setPages((p) => [...p, page.stories]),
        () => setMoreFailed(true),
      )
      .finally(() => setLoadingMore(false));
  };
  return (
    <section className="blog-list">
      <h2>{title}</h2>
      {stories.length ? (
        <ul className="story-cards">
          {stories.map((s) => (
            <StoryCard key={s.full_slug} story={s} />
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
      {moreFailed ? <p role="alert">{t('This list could not be loaded. Check your connection.')}</p> : null}
      {more && stories.length < first.data.total ? (
        <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={loadingMore}>
          {t('Load more')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * The blog overview (spec 001 §3 "Articles state"): search with at most three suggestions, the upcoming events,
 * the blog's articles and its events, each from GET articles (§7).
 */
export function BlogOverview({ block }: { block: StoryBlock }) {
  const slug = typeof block.slug === 'string' && block.slug ? block.slug : 'blog/';
  return (
    <div className="blog-overview">
      <BlogSearch slug={slug} />
      <StoryList
        title={t('Upcoming events')}
        query={{ slug, articles: false, upcomingOnly: true, size: 3 }}
        empty={t('No events are planned at the moment.')}
      />
      <StoryList
        title={t('Articles')}
        query={{ slug, articles: true, size: ARTICLE_PAGE_SIZE }}
        empty={t('No articles yet.')}
        more
      />
      <StoryList
        title={t('Events')}
        query={{ slug, articles: false, size: ARTICLE_PAGE_SIZE }}
        empty={t('No events yet.')}
        more
      />
    </div>
  );
}
