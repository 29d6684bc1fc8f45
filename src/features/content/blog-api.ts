import type { Story } from '../../lib/cms-story.ts';
import { storeView } from '../../lib/store-view.ts';

/** Spec 001 §9: blog search shows at most 3 results; an article page holds 6 by default. */
export const BLOG_SEARCH_RESULTS = 3;
export const ARTICLE_PAGE_SIZE = 6;

export interface ArticleQuery {
  /** the blog's slug prefix, 'blog/' */
  slug: string;
  /** false: events only (spec 001 §7 "GET articles") */
  articles: boolean;
  /** leave out events whose date has passed */
  upcomingOnly?: boolean;
  size?: number;
  offset?: number;
}

async function read<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`CMS ${res.status}`);
  return ((await res.json()) as { result: T }).result;
}

/** GET articles (spec 001 §7): a page of blog stories, newest first, with the total for "more". */
export async function fetchArticles(
  q: ArticleQuery,
  storeCode = storeView().storeCode,
): Promise<{ stories: Story[]; total: number }> {
  const params = new URLSearchParams({
    storeCode,
    articles: String(q.articles),
    slug: q.slug,
    size: String(q.size ?? ARTICLE_PAGE_SIZE),
    offset: String(q.offset ?? 0),
  });
  if (q.upcomingOnly) params.set('upcoming_events', 'true');
  return read(await fetch(`/api/cms/articles?${params}`, { headers: { accept: 'application/json' } }));
}

/** POST blog search (spec 001 §7), of which the overview keeps the first three (§3 "blogSearchResults"). */
export async function searchBlog(searchQuery: string, storeCode = storeView().storeCode): Promise<Story[]> {
  const res = await fetch('/api/cms/blog/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept': 'application/json', 'x-store-code': storeCode },
    body: JSON.stringify({ searchQuery, tags: [] }),
  });
  const { stories } = await read<{ stories: Story[] }>(res);
  return stories.slice(0, BLOG_SEARCH_RESULTS);
}
