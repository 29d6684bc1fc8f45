import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, notFound, ok, unauthorized } from '../http/envelope.ts';
import { assertPreviewToken, isValidEditorLink, issuePreviewToken } from './preview-tokens.ts';
import { storyBySlug, storyByUuid } from './stories.ts';

const versionQuery = {
  type: 'object',
  properties: {
    version: { type: 'string', enum: ['published', 'draft'] },
    previewToken: { type: 'string', maxLength: 200 },
  },
} as const;

interface VersionQuery {
  version?: 'published' | 'draft';
  previewToken?: string;
}

/** Drafts only for a valid preview token (`?previewToken=` or `x-preview-token`); otherwise 401. */
async function requestedVersion(
  request: FastifyRequest<{ Querystring: VersionQuery }>,
): Promise<'published' | 'draft'> {
  if (request.query.version !== 'draft') return 'published';
  await assertPreviewToken(request, request.query.previewToken);
  return 'draft';
}

/**
 * The headless CMS endpoints of spec 001 §7, served from cms_stories: a story by full slug (the client adds the
 * store prefix, 'be/home'), the theme config, the editor's preview handshake and lookup by uuid.
 */
const cmsRoutes: FastifyPluginAsync = async (app) => {
  const byFullSlug = async (request: FastifyRequest<{ Querystring: VersionQuery }>, fullSlug: string) => {
    const slug = fullSlug.replace(/^\/+|\/+$/g, '');
    if (slug === '' || slug.length > 300) throw badRequest('params.slug must be a story slug');
    const version = await requestedVersion(request);
    const story = await storyBySlug(request.server.db, slug, version);
    if (!story) throw notFound(`Story '${slug}' not found`);
    return { story };
  };

  app.get<{ Querystring: VersionQuery }>(
    '/cms/story/config/theme',
    { schema: { querystring: versionQuery } },
    async (request, reply) => ok(reply, await byFullSlug(request, 'config/theme')),
  );

  app.get<{ Querystring: VersionQuery; Params: { '*': string } }>(
    '/cms/story/*',
    { schema: { querystring: versionQuery } },
    async (request, reply) => ok(reply, await byFullSlug(request, request.params['*'] ?? '')),
  );

  app.get<{ Querystring: VersionQuery & { uuid: string } }>(
    '/cms/get-by-uuid',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['uuid'],
          properties: { ...versionQuery.properties, uuid: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      },
    },
    async (request, reply) => {
      const story = await storyByUuid(app.db, request.query.uuid, await requestedVersion(request));
      return ok(reply, { stories: story ? [story] : [] });
    },
  );

  // Spec 001 §2 "Draft preview": the editor opens the shop with ?_storyblok=<id>&_storyblok_tk[space_id]=…
  // &_storyblok_tk[timestamp]=…&_storyblok_tk[token]=…; the storefront trades those for a preview token here.
  app.get('/cms/validate-editor', async (request, reply) => {
    const raw = request.url;
    const search = new URLSearchParams(raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '');
    const spaceId = search.get('_storyblok_tk[space_id]');
    const timestamp = search.get('_storyblok_tk[timestamp]');
    const token = search.get('_storyblok_tk[token]');
    if (!spaceId) throw badRequest('querystring._storyblok_tk[space_id] is required');
    if (!timestamp) throw badRequest('querystring._storyblok_tk[timestamp] is required');
    if (!token) throw badRequest('querystring._storyblok_tk[token] is required');
    if (spaceId.length > 40) throw badRequest('querystring._storyblok_tk[space_id] is too long');
    if (!isValidEditorLink(spaceId, timestamp, token, app.now())) throw unauthorized('Invalid or expired editor token');
    return ok(reply, { previewToken: await issuePreviewToken(app.db, app.now()), storyId: search.get('_storyblok') });
  });
};
export default cmsRoutes;
