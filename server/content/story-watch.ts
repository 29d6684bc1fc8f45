import type { Queryable } from '../db/index.ts';
import { STORY_COLUMNS, type StoryRow } from './stories.ts';

/** A newer version of a watched story: a saved draft, or a publication (with whether its slug moved). */
export type StoryVersion =
  { kind: 'draft'; row: StoryRow } | { kind: 'published'; row: StoryRow; slugChanged: boolean };

interface Watcher {
  /** Checked on every look; false ends the watch (an expired preview token). */
  stillAllowed: () => Promise<boolean>;
  changed: (version: StoryVersion) => void;
  ended: () => void;
}

interface Stamp {
  draftHash: string;
  publishedAt: string | null;
}

/**
 * Watches one story for saves by reading it every `intervalMs`. The database is the one thing every API instance
 * shares (docs/operations.md "Running N instances"), so a save through any instance reaches a preview open on any other; a
 * draft is recognised by its content's hash, so two saves within one clock tick are still two versions.
 * Returns `stop`.
 */
export function watchStory(
  db: Queryable,
  id: number,
  openedSlug: string,
  intervalMs: number,
  watcher: Watcher,
): () => void {
  let last: Stamp | undefined;
  let busy = false;
  let stopped = false;

  const look = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      if (!(await watcher.stillAllowed())) return stop();
      const { rows } = await db.query<StoryRow & { draft_hash: string }>(
        `select ${STORY_COLUMNS}, md5(s.draft::text) as draft_hash from cms_stories s where s.id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return stop();
      const stamp: Stamp = {
        draftHash: row.draft_hash,
        publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
      };
      if (last && !stopped) {
        if (stamp.publishedAt !== last.publishedAt) {
          watcher.changed({ kind: 'published', row, slugChanged: row.full_slug !== openedSlug });
        } else if (stamp.draftHash !== last.draftHash) {
          watcher.changed({ kind: 'draft', row });
        }
      }
      last = stamp;
    } catch {
      // A failed look (database busy, shutting down) is retried on the next tick.
    } finally {
      busy = false;
    }
  };

  const timer = setInterval(() => void look(), intervalMs);
  void look();
  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    watcher.ended();
  }
  return stop;
}
