import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { StringEnum } from '../../contract/schema-helpers.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { STORY_COLUMNS, storyDocument, type StoryRow } from './stories.ts';

const STORE_CODES = ['nl', 'be'];
/** The client keeps 3 (spec 001 §5); the server answers a few more so it can choose. */
const BLOG_SEARCH_LIMIT = 20;

function storeOf(request: FastifyRequest, fromQuery?: string): string {
  const header = request.headers['x-store-code'];
  const code = fromQuery ?? (typeof header === 'string' ? header : undefined) ?? 'nl';
  if (!STORE_CODES.includes(code)) throw notFound(`Unknown store code '${code.slice(0, 20)}'`);
  return code;
}

/** `%`, `_` and `\` are literal in a shopper's query. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Stories of the non-default store carry its code as first slug segment ('be/blog/…'); a store without its own
 * articles shows the default store's (the CMS's fallback to the unprefixed slug, spec 001 §2).
 */
async function storePrefix(db: Queryable, store: string, slugPrefix: string): Promise<string> {
  if (store === 'nl') return slugPrefix;
  const { rows } = await db.query('select 1 from cms_stories where full_slug like $1 limit 1', [
    `${store}/${likeEscape(slugPrefix)}%`,
  ]);
  return rows.length ? `${store}/${slugPrefix}` : slugPrefix;
}

const blogSearchBody = Type.Object(
  {
    searchQuery: Type.Optional(Type.String({ maxLength: 200 })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
    storeCode: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const flag = StringEnum(['true', 'false']);

const articlesQuery = Type.Object({
  storeCode: Type.Optional(Type.String({ maxLength: 10 })),
  articles: Type.Optional(flag),
  slug: Type.Optional(Type.String({ maxLength: 200 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  upcoming_events: Type.Optional(flag),
});

const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/cms/blog/search', { schema: { body: blogSearchBody } }, async (request, reply) => {
    const store = storeOf(request);
    const prefix = await storePrefix(app.db, store, 'blog/');
    const query = (request.body?.searchQuery ?? '').trim();
    const tags = request.body?.tags ?? [];
    const { rows } = await app.db.query<StoryRow>(
      `select ${STORY_COLUMNS} from cms_stories s
          where s.published is not null and s.kind in ('article', 'event') and s.full_slug like $1
            and ($2 = '' or s.name ilike $3 or s.published::text ilike $3)
            and (cardinality($4::text[]) = 0 or s.tag_list && $4::text[])
          order by (s.name ilike $3) desc, s.published_at desc nulls last, s.id desc
          limit ${BLOG_SEARCH_LIMIT}`,
      [`${likeEscape(prefix)}%`, query, `%${likeEscape(query)}%`, tags],
    );
    return ok(reply, { stories: rows.map((r) => storyDocument(r)) });
  });

  app.get('/cms/articles', { schema: { querystring: articlesQuery } }, async (request, reply) => {
    const q = request.query;
    const store = storeOf(request, q.storeCode);
    const prefix = await storePrefix(app.db, store, (q.slug ?? 'blog/').replace(/^\/+/, ''));
    // The flag picks the overview's lists (spec 001 §3 "blogArticles", "eventArticles"): true articles, false
    // events, absent both; upcoming_events=true drops events whose date has passed (spec 001 §7).
    const kinds = q.articles === 'false' ? ['event'] : q.articles === 'true' ? ['article'] : ['article', 'event'];
    // events alone go by their date: the next one first when upcoming, else the latest first; articles by publication
    const order =
      q.articles !== 'false'
        ? 's.published_at desc nulls last'
        : q.upcoming_events === 'true'
          ? 's.event_date asc nulls last'
          : 's.event_date desc nulls last';
    const { rows } = await app.db.query<StoryRow & { total_count: string }>(
      `select ${STORY_COLUMNS}, count(*) over () as total_count from cms_stories s
          where s.published is not null and s.kind = any($1::text[]) and s.full_slug like $2
            and ($3::boolean is false or s.kind <> 'event' or s.event_date >= $4::timestamptz)
          order by ${order}, s.id desc limit $5 offset $6`,
      [
        kinds,
        `${likeEscape(prefix)}%`,
        q.upcoming_events === 'true',
        app.now().toISOString(),
        q.size ?? 6,
        q.offset ?? 0,
      ],
    );
    let total = rows.length ? Number(rows[0].total_count) : 0;
    if (!rows.length && (q.offset ?? 0) > 0) {
      const count = await app.db.query<{ n: string }>(
        `select count(*) as n from cms_stories s where s.published is not null and s.kind = any($1::text[])
             and s.full_slug like $2 and ($3::boolean is false or s.kind <> 'event' or s.event_date >= $4::timestamptz)`,
        [kinds, `${likeEscape(prefix)}%`, q.upcoming_events === 'true', app.now().toISOString()],
      );
      total = Number(count.rows[0].n);
    }
    return ok(reply, { stories: rows.map((r) => storyDocument(r)), total });
  });
};
export default blogRoutes;
