import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, HttpError, notFound, ok } from '../http/envelope.ts';
import { assertPreviewToken, isValidPreviewToken } from './preview-tokens.ts';
import { storyDocument, storyRowById } from './stories.ts';
import { watchStory, type StoryVersion } from './story-watch.ts';

/** A story id is a serial (int4); the preview token travels in the query only where headers cannot. */
const STORY_ID = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const PREVIEW_TOKEN = Type.String({ maxLength: 200 });
const storyIdParams = Type.Object({ id: STORY_ID });

/** A full slug as the CMS writes it: lower-case segments of letters, digits and dashes ('blog/evenementen/x'). */
const FULL_SLUG_PATTERN = '^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$';

/** How often an open preview looks for a newer version (the database is the only state all instances share). */
export const PREVIEW_POLL_MS = 1000;

/**
 * The editor's live draft preview (spec 001 §2 "Draft preview"): the draft story by the editor's story id, an
 * authenticated save of a draft (optionally publishing it, optionally under a new slug) and a server-sent event
 * stream that tells an open preview about every save. All three need a preview token, which only a signed editor
 * link yields (`/api/cms/validate-editor`).
 */
const previewQuery = Type.Object({ previewToken: Type.Optional(PREVIEW_TOKEN) });

const storyEditBody = Type.Object(
  {
    content: Type.Object({ component: Type.String({ minLength: 1, maxLength: 100 }) }),
    publish: Type.Optional(Type.Boolean()),
    full_slug: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: FULL_SLUG_PATTERN })),
  },
  { additionalProperties: false },
);

const eventsQuery = Type.Object({ storyId: STORY_ID, previewToken: Type.Optional(PREVIEW_TOKEN) });

const previewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cms/preview/story/:id',
    { schema: { params: storyIdParams, querystring: previewQuery } },
    async (request, reply) => {
      await assertPreviewToken(request, request.query.previewToken);
      const row = await storyRowById(app.db, request.params.id);
      if (!row) throw notFound(`Story ${request.params.id} not found`);
      return ok(reply, { story: storyDocument(row, 'draft') });
    },
  );

  app.put(
    '/cms/editor/stories/:id',
    { schema: { params: storyIdParams, body: storyEditBody } },
    async (request, reply) => {
      await assertPreviewToken(request, undefined);
      const { content, publish = false, full_slug: fullSlug } = request.body;
      const id = request.params.id;
      if (fullSlug !== undefined) {
        const taken = await app.db.query('select 1 from cms_stories where full_slug = $1 and id <> $2', [fullSlug, id]);
        if (taken.rows.length) throw new HttpError(409, `body.full_slug '${fullSlug}' belongs to another story`);
        if (!publish) throw badRequest('body.full_slug can only change when the story is published');
      }
      const now = app.now().toISOString();
      const updated = await app.db.query(
        `update cms_stories set draft = $2::jsonb, updated_at = $3,
            published = case when $4::boolean then $2::jsonb else published end,
            published_at = case when $4::boolean then $3::timestamptz else published_at end,
            full_slug = coalesce($5, full_slug)
          where id = $1 returning id`,
        [id, JSON.stringify(content), now, publish, fullSlug ?? null],
      );
      if (!updated.rows.length) throw notFound(`Story ${id} not found`);
      const row = await storyRowById(app.db, id);
      return ok(reply, { story: storyDocument(row!, 'draft') });
    },
  );

  app.get('/cms/preview/events', { schema: { querystring: eventsQuery } }, async (request, reply) => {
    const { storyId } = request.query;
    const header = request.headers['x-preview-token'];
    const token = request.query.previewToken ?? (typeof header === 'string' ? header : undefined);
    await assertPreviewToken(request, token);
    const first = await storyRowById(app.db, storyId);
    if (!first) throw notFound(`Story ${storyId} not found`);

    // From here the response is a stream the route writes itself (no envelope, no compression).
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'connection': 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    out.write('retry: 2000\n\n');

    const stop = watchStory(app.db, storyId, first.full_slug, PREVIEW_POLL_MS, {
      // The token ends with its hour: the stream closes and the editor's page asks the editor link again.
      stillAllowed: () => isValidPreviewToken(app.db, token, app.now()),
      changed: (version: StoryVersion) => {
        if (version.kind === 'draft') send('draft', { story: storyDocument(version.row, 'draft') });
        else send('published', { full_slug: version.row.full_slug, slug_changed: version.slugChanged });
      },
      ended: () => out.end(),
    });
    openStreams.add(stop);
    request.raw.on('close', () => {
      openStreams.delete(stop);
      stop();
    });
  });

  // An open stream would hold a shutdown (or a test's close) until its timeout: end them first.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of openStreams) stop();
    openStreams.clear();
  });
};
export default previewRoutes;
