import type { Queryable } from '../db/index.ts';
import { sanitizeContent } from './sanitize.ts';

export interface StoryRow {
  id: number;
  uuid: string;
  full_slug: string;
  name: string;
  kind: string;
  tag_list: string[];
  published: Record<string, unknown> | null;
  draft: Record<string, unknown>;
  alternates: unknown[];
  event_date: Date | string | null;
  published_at: Date | string | null;
  updated_at: Date | string;
}

export const STORY_COLUMNS = `s.id, s.uuid, s.full_slug, s.name, s.kind, s.tag_list, s.published, s.draft, s.alternates,
  s.event_date, s.published_at, s.updated_at`;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * A story as the headless CMS answers it (spec 001 §3 "Story"): `content` is the published version, or the draft
 * when `version` is 'draft' (the caller checked the preview token); HTML inside is sanitised.
 */
export function storyDocument(row: StoryRow, version: 'published' | 'draft' = 'published') {
  const content = version === 'draft' ? row.draft : row.published;
  return {
    id: row.id,
    uuid: row.uuid,
    full_slug: row.full_slug,
    slug: row.full_slug.slice(row.full_slug.lastIndexOf('/') + 1),
    name: row.name,
    kind: row.kind,
    tag_list: row.tag_list,
    content: sanitizeContent(content ?? {}),
    alternates: row.alternates,
    event_date: iso(row.event_date),
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at),
  };
}

export type StoryDocument = ReturnType<typeof storyDocument>;

/** For the URL map's cms_page targets: published only. */
export async function publishedStoryById(db: Queryable, id: number): Promise<StoryDocument | null> {
  const { rows } = await db.query<StoryRow>(
    `select ${STORY_COLUMNS} from cms_stories s where s.id = $1 and s.published is not null`,
    [id],
  );
  return rows[0] ? storyDocument(rows[0]) : null;
}

/** Published stories by full slug, read at once (a page's shell stories); a slug without one is absent. */
export async function publishedStoriesBySlugs(db: Queryable, fullSlugs: string[]): Promise<Map<string, StoryDocument>> {
  const { rows } = await db.query<StoryRow>(
    `select ${STORY_COLUMNS} from cms_stories s where s.full_slug = any($1::text[]) and s.published is not null`,
    [fullSlugs],
  );
  return new Map(rows.map((row) => [row.full_slug, storyDocument(row)]));
}

export async function storyBySlug(
  db: Queryable,
  fullSlug: string,
  version: 'published' | 'draft',
): Promise<StoryDocument | null> {
  const { rows } = await db.query<StoryRow>(`select ${STORY_COLUMNS} from cms_stories s where s.full_slug = $1`, [
    fullSlug,
  ]);
  const row = rows[0];
  if (!row || (version === 'published' && row.published === null)) return null;
  return storyDocument(row, version);
}

export async function storyByUuid(
  db: Queryable,
  uuid: string,
  version: 'published' | 'draft',
): Promise<StoryDocument | null> {
  const { rows } = await db.query<StoryRow>(`select ${STORY_COLUMNS} from cms_stories s where s.uuid = $1`, [uuid]);
  const row = rows[0];
  if (!row || (version === 'published' && row.published === null)) return null;
  return storyDocument(row, version);
}

/** The editor's preview loads a story by the numeric id the visual editor passes (`_storyblok`). */
export async function storyRowById(db: Queryable, id: number): Promise<StoryRow | null> {
  const { rows } = await db.query<StoryRow>(`select ${STORY_COLUMNS} from cms_stories s where s.id = $1`, [id]);
  return rows[0] ?? null;
}
