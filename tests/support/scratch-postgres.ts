import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the PostgreSQL server that `adminUrl` reaches, so each test file (or benchmark) starts
 * from nothing and leaves nothing behind.
 */
export async function createScratchDatabase(adminUrl: string, prefix = 't'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
