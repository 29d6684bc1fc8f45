import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';

const migrationsDir = fileURLToPath(new URL('../../server/migrations/', import.meta.url));
const templateDir = fileURLToPath(new URL('../.tmp/', import.meta.url));

/**
 * An empty, migrated PGlite data folder (gzip tar) for a test's in-memory database to start from. PGlite's initdb
 * costs about 2 s of every start on this kind of machine and every test file starts at least one server, so the
 * first file to need it makes it once and the rest load it (docs/testing.md "Where the time goes"). Its name holds a
 * hash of the migrations and PGlite's version: a changed migration makes a new one, never a stale start.
 */
export async function migratedTemplate(): Promise<Blob> {
  const path = `${templateDir}pglite-template-${await templateKey()}.tgz`;
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const db = await openPglite(':memory:');
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    // two files may make it at once: each writes its own and renames, so nobody reads half a file
    await mkdir(templateDir, { recursive: true });
    const partial = `${path}.${process.pid}.${Date.now()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  hash.update(manifest.dependencies['@electric-sql/pglite'] ?? '');
  for (const file of (await readdir(migrationsDir)).sort()) {
    hash.update(file).update(await readFile(migrationsDir + file));
  }
  return hash.digest('hex').slice(0, 16);
}
