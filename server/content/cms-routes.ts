import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../contract/schema-helpers.ts';
import { fieldOf } from '../http/field-of.ts';
import { badRequest, notFound, ok, unauthorized } from '../http/envelope.ts';
import { assertPreviewToken, isValidEditorLink, issuePreviewToken } from './preview-tokens.ts';
import { storyBySlug, storyByUuid } from './stories.ts';

const versionFields = {
  version: Type.Optional(StringEnum(['published', 'draft'])),
  previewToken: Type.Optional(Type.String({ maxLength: 200 })),
};
const versionQuery = Type.Object(versionFields);
type VersionQuery = Static<typeof versionQuery>;

const uuidQuery = Type.Object({ ...versionFields, uuid: Type.String({ minLength: 1, maxLength: 100 }) });

/** Drafts only for a valid preview token (`?previewToken=` or `x-preview-token`); otherwise 401. */
async function requestedVersion(request: FastifyRequest, query: VersionQuery): Promise<'published' | 'draft'> {
  if (query.version !== 'draft') return 'published';
  await assertPreviewToken(request, query.previewToken);
  return 'draft';
}

/**
 * The headless CMS endpoints of spec 001 §7, served from cms_stories: a story by full slug (the client adds the
 * store prefix, 'be/home'), the theme config, the editor's preview handshake and lookup by uuid.
 */
const cmsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const byFullSlug = async (request: FastifyRequest, query: VersionQuery, fullSlug: string) => {
    const slug = fullSlug.replace(/^\/+|\/+$/g, '');
    if (slug === '' || slug.length > 300) throw badRequest('params.slug must be a story slug');
    const version = await requestedVersion(request, query);
    const story = await storyBySlug(request.server.db, slug, version);
    if (!story) throw notFound(`Story '${slug}' not found`);
    return { story };
  };

  app.get('/cms/story/config/theme', { schema: { querystring: versionQuery } }, async (request, reply) =>
    ok(reply, await byFullSlug(request, request.query, 'config/theme')),
  );

  app.get('/cms/story/*', { schema: { querystring: versionQuery } }, async (request, reply) => {
    const wildcard = fieldOf(request.params, '*');
    return ok(reply, await byFullSlug(request, request.query, typeof wildcard === 'string' ? wildcard : ''));
  });

  app.get('/cms/get-by-uuid', { schema: { querystring: uuidQuery } }, async (request, reply) => {
    const story = await storyByUuid(app.db, request.query.uuid, await requestedVersion(request, request.query));
    return ok(reply, { stories: story ? [story] : [] });
  });

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
