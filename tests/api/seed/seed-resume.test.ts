import { mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { seed, seedIfEmpty } from '../../../server/seed/index.ts';
import { IMAGE_WIDTHS } from '../../../server/seed/image-names.ts';
import { listenOnLoopback } from '../../support/test-server.ts';

/**
 * A first start killed while the seed wrote its images (the catalogue already committed) must not leave images
 * missing for good: the next start finds and finishes them (docs/seeded-data.md).
 */
let db: Database;
let imageDir: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  db = await openDatabase({ dataDir: ':memory:' });
  imageDir = await mkdtemp(join(tmpdir(), 'ofm-img-resume-'));
  await seed(db, { products: 12, imageDir });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await rm(imageDir, { recursive: true, force: true });
});

describe('seeding resumes after a crash while writing images', () => {
  it('a start after images went missing writes them again, and every image answers 200', async () => {
    const files = (await readdir(join(imageDir, '600'))).filter((f) => f.endsWith('.webp')).sort();
    expect(files.length).toBeGreaterThan(4);
    // What a kill -9 mid-write leaves: whole widths gone for some drawings, a half-written temporary file.
    for (const file of files.slice(0, 3)) {
      for (const width of IMAGE_WIDTHS) await unlink(join(imageDir, String(width), file)).catch(() => {});
    }
    await unlink(join(imageDir, '48', files[3]));
    await writeFile(join(imageDir, '96', `${files[4]}.partial`), 'half');

    expect(await seedIfEmpty(db, { products: 12, imageDir })).toBeNull();

    app = await buildApp({ db, logLevel: 'silent', imageDir });
    const baseUrl = await listenOnLoopback(app);
    for (const file of files) {
      for (const width of IMAGE_WIDTHS) {
        const res = await fetch(`${baseUrl}/img/${width}/${file}`);
        expect(res.status, `/img/${width}/${file}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
      }
    }
  });
});
