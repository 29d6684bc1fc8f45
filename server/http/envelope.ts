import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../contract/envelope.ts';

/**
 * Every answer is the envelope of contract/envelope.ts, with the HTTP status equal to `code`. Routes return through
 * these helpers so no route builds it by hand.
 */

export function ok<T>(reply: FastifyReply, result: T, meta?: Record<string, unknown>): Envelope<T> {
  reply.code(200);
  return meta ? { code: 200, result, meta } : { code: 200, result };
}

export function fail(
  reply: FastifyReply,
  code: number,
  message: string,
  meta?: Record<string, unknown>,
): Envelope<string> {
  reply.code(code);
  return meta ? { code, result: message, meta } : { code, result: message };
}

/** Thrown from deep inside a handler; the app's error handler turns it into an envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
