import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { unauthorized } from '../http/envelope.ts';

/**
 * The visual editor's shared secret (Storyblok's "preview token" of the space). README "Configuration": set EDITOR_SECRET in
 * production; the development default lets a local editor session work out of the box.
 */
export const DEV_EDITOR_SECRET = 'ofm-dev-editor-secret';
export function editorSecret(): string {
  return process.env.EDITOR_SECRET || DEV_EDITOR_SECRET;
}

/** An editor link is valid for one hour after its timestamp, as Storyblok's bridge links are. */
export const EDITOR_LINK_MAX_AGE_S = 3600;
/** An issued preview token lets drafts be read for one hour. */
export const PREVIEW_TOKEN_TTL_MS = 3600_000;

/** Storyblok's editor check: token = sha1(`${space_id}:${secret}:${timestamp}`). */
export function editorToken(spaceId: string, timestamp: string, secret = editorSecret()): string {
  return createHash('sha1').update(`${spaceId}:${secret}:${timestamp}`).digest('hex');
}

export function isValidEditorLink(spaceId: string, timestamp: string, token: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{40}$/i.test(token)) return false;
  const ageS = now.getTime() / 1000 - Number(timestamp);
  if (ageS > EDITOR_LINK_MAX_AGE_S || ageS < -300) return false;
  const expected = editorToken(spaceId, timestamp);
  // Constant-time enough for a hex digest compare of equal length.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.toLowerCase().charCodeAt(i);
  return diff === 0;
}

export async function issuePreviewToken(db: Queryable, now: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.query('insert into cms_preview_tokens (token_hash, expires_at) values ($1, $2)', [
    hashToken(token),
    new Date(now.getTime() + PREVIEW_TOKEN_TTL_MS).toISOString(),
  ]);
  return token;
}

export async function isValidPreviewToken(db: Queryable, token: string | undefined, now: Date): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const { rows } = await db.query('select 1 from cms_preview_tokens where token_hash = $1 and expires_at > $2', [
    hashToken(token),
    now.toISOString(),
  ]);
  return rows.length > 0;
}

/**
 * An editor's request: the preview token from the query (`previewToken`, where an EventSource cannot send headers)
 * or the `x-preview-token` header; anything else is a 401.
 */
export async function assertPreviewToken(request: FastifyRequest, fromQuery: string | undefined): Promise<void> {
  const header = request.headers['x-preview-token'];
  const token = fromQuery ?? (typeof header === 'string' ? header : undefined);
  if (!(await isValidPreviewToken(request.server.db, token, request.server.now()))) {
    throw unauthorized('A valid preview token is required for draft content');
  }
}
