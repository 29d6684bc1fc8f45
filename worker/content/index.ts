import { themeOf, type Theme } from '../../domain/content/theme.ts';
import { readCache, writeCache } from '../catalog/cache-store.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import type { ContentApi } from './api-types.ts';

export const THEME_CACHE_KEY = 'config:theme';
const THEME_PATH = '/api/cms/story/config/theme';

type Ctx = Pick<WorkerContext, 'db' | 'config' | 'now' | 'events'> & { http: Pick<WorkerContext['http'], 'get'> };

/**
 * The theme config of spec 001 §7 as the other config reads (the preferences' store list): asked of the server each
 * time, kept in the device cache, whose copy answers when the server cannot be reached, so a page opened offline keeps
 * the shop's logo, menu and colours. A server that answers but not 200 keeps the copy too.
 */
export async function loadTheme(ctx: Ctx): Promise<Theme | null> {
  try {
    const res = await ctx.http.get<{ story?: { content?: unknown } }>(THEME_PATH);
    if (res.code === 200 && res.result && typeof res.result === 'object') {
      const theme = themeOf(res.result.story?.content);
      await writeCache(ctx, THEME_CACHE_KEY, theme);
      return theme;
    }
  } catch (error) {
    const kept = await readCache<Theme>(ctx, THEME_CACHE_KEY);
    // an answer that is no envelope (a proxy's error page) on a device without a copy is a fault to hear about
    if (kept || isNetworkError(error)) return kept;
    throw error;
  }
  return readCache<Theme>(ctx, THEME_CACHE_KEY);
}

export function contentApi(ctx: WorkerContext): ContentApi {
  return {
    loadTheme: () => loadTheme(ctx),
    keepTheme: async (theme) => {
      await writeCache(ctx, THEME_CACHE_KEY, theme);
    },
  };
}
