import { useAsync } from './use-async.ts';

/** Spec 001 §3 "Story": a CMS story; `content.body` holds blocks rendered by component name. */
export interface StoryBlock {
  _uid?: string;
  component: string;
  [field: string]: unknown;
}

export interface Story {
  full_slug: string;
  name?: string;
  content: {
    component?: string;
    body?: StoryBlock[];
    seo?: { title?: string; description?: string };
    [k: string]: unknown;
  };
}

const memory = new Map<string, Story | null>();

/**
 * CMS stories are GET answers the service worker caches (stale-while-revalidate), so they are fetched here rather than
 * through the worker's RxDB; the default CMS cache is in memory (spec 001 §9).
 */
export async function fetchStory(slug: string, storeCode = 'nl'): Promise<Story | null> {
  const key = `${storeCode}:${slug}`;
  if (memory.has(key)) return memory.get(key)!;
  // Stories are looked up with the store prefix when not default, then again without it (spec 001 §2).
  const slugs = storeCode === 'nl' ? [slug] : [`${storeCode}/${slug}`, slug];
  for (const s of slugs) {
    const res = await fetch(`/api/cms/story/${s.split('/').map(encodeURIComponent).join('/')}`, {
      headers: { accept: 'application/json' },
    });
    if (res.status === 404) continue;
    if (!res.ok) throw new Error(`CMS ${res.status}`);
    const body = (await res.json()) as { result?: { story?: Story } | Story };
    const story = (body.result && 'story' in body.result ? body.result.story : body.result) as Story | undefined;
    if (story) {
      memory.set(key, story);
      return story;
    }
  }
  memory.set(key, null);
  return null;
}

/** Spec 001 §9: the article list's default page size. */
export const ARTICLE_PAGE_SIZE = 6;

/** A page of the blog's articles and events under `slug`, newest first (`GET /api/cms/articles`, spec 001 §7). */
export async function fetchArticles(
  slug: string,
  offset: number,
  size = ARTICLE_PAGE_SIZE,
): Promise<{ stories: Story[]; total: number }> {
  const query = new URLSearchParams({ slug, size: String(size), offset: String(offset) });
  const res = await fetch(`/api/cms/articles?${query}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`CMS ${res.status}`);
  const body = (await res.json()) as { result: { stories: Story[]; total: number } };
  return body.result;
}

export function useStory(slug: string | null) {
  return useAsync(slug, () => fetchStory(slug!));
}

/** A CMS text field: its string when it has text, else undefined. */
export const cmsText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** A CMS link field: a plain string or Storyblok's { url | cached_url }. */
export function linkOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v || undefined;
  if (v && typeof v === 'object') {
    const o = v as { url?: string; cached_url?: string };
    const url = o.url || o.cached_url;
    if (!url) return undefined;
    return url.startsWith('http') || url.startsWith('/') ? url : `/${url}`;
  }
  return undefined;
}
