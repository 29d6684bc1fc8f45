import type { RxDocument, RxQuery } from 'rxdb';

/**
 * Conflict-safe removal. `doc.remove()` and `query.remove()` write against the revision they read, so a concurrent
 * patch of the same document (a sync answer, another tab) makes them fail with CONFLICT; `incrementalRemove` re-reads.
 */
export async function removeDoc(doc: RxDocument<unknown> | null | undefined): Promise<void> {
  if (!doc || doc.deleted) return;
  await doc.incrementalRemove();
}

export async function removeAll<T>(query: RxQuery<T, RxDocument<T>[]>): Promise<void> {
  for (const doc of await query.exec()) await removeDoc(doc as RxDocument<unknown>);
}
