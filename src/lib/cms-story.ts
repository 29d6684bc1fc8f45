import { prefetchKey } from '../../domain/page-data.ts';
import { usePrefetched } from './prefetched.ts';
import { storeView } from './store-view.ts';
import { useAsync } from './use-async.ts';

/** Spec 001 §3 "Story": a CMS story; `content.body` holds blocks rendered by component name. */
export interface StoryBlock {
  _uid?: string;
  component: string;
  [field: string]: unknown;
}

export interface Story {
  id?: number;
  full_slug: string;
  name?: string;
  /** 'page', 'article' or 'event' (blog stories), 'block' for globals */
  kind?: string;
  /** events only: when it takes place */
  event_date?: string | null;
  published_at?: string | null;
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
  // Stories are looked up with the store prefix when not default, then again without it (spec 001 §2); the
  // dispatcher's content route already names the slug it found (prefixed or not).
  const prefixed = storeCode === 'nl' || slug.startsWith(`${storeCode}/`) ? null : `${storeCode}/${slug}`;
  const slugs = prefixed ? [prefixed, slug] : [slug];
  for (const s of slugs) {
    const res = await fetch(`/api/cms/story/${s.split('/').map(encodeURIComponent).join('/')}`, {
      headers: { accept: 'application/json' },
    }).catch((error: unknown) => {
      // out of reach (offline, a story the service worker never kept): the page says so, never "not found"
      throw Object.assign(new Error(`CMS not reachable: ${String(error)}`), { name: 'NetworkError' });
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

/**
 * A story of this page's store view: the home page, footer and highlight bar have a BE version under `be/`. A story
 * the server rendered the page with is this app start's copy, as a fetched one is (the memory above): asking again
 * would cost the hydrating phone a request per story for the same text (a price is another matter: the worker
 * answers those anew).
 */
export function useStory(slug: string | null) {
  const key = slug === null ? null : prefetchKey.story(slug);
  const rendered = usePrefetched<Story | null>(key);
  return useAsync(key, async () => {
    const storeCode = storeView().storeCode;
    if (rendered === undefined) return fetchStory(slug!, storeCode);
    memory.set(`${storeCode}:${slug}`, rendered);
    return rendered;
  });
}

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

/** A CMS text field: a non-blank string, else undefined. */
export function cmsText(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/** A CMS image field: a URL or Storyblok's asset `{ filename }`. */
export function imageOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v || undefined;
  if (v && typeof v === 'object') return cmsText((v as { filename?: string }).filename);
  return undefined;
}
