import { BehaviorSubject, Subject } from 'rxjs';
import type { MigrationOutcome } from './migrate-collections.ts';
import { MAX_READ_ERRORS, MAX_WRITE_ERRORS } from '../../domain/storage/cache-limits.ts';

/** Where the worker's database lives right now (spec 001 §4 "Offline cache"). */
export type StorageMode = 'persistent' | 'memory';

/** What the diagnostics view shows about the device's storage; the same object the worker decides by. */
export interface StorageStatus {
  mode: StorageMode;
  /** Why persistent storage was turned off, in English (for the log and the diagnostics view). */
  reason: string | null;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  /** The spec's size estimate of everything stored, from the last quota check (bytes). */
  estimatedBytes: number | null;
  /** What the browser reports for the origin (bytes). */
  usage: number | null;
  quota: number | null;
  /** The last purge of cache entries (least recently used first). */
  lastPurge: { at: number; entries: number; trigger: 'quota-check' | 'quota-error' } | null;
  /** ms of the last time what memory holds was written back to persistent storage (memory mode only). */
  writtenBackAt: number | null;
  /** The last schema migrations of this device, newest first; a failed one kept its documents as they were. */
  migrations: MigrationOutcome[];
}

export type StorageCallKind = 'read' | 'write';

/**
 * The error counters of one worker's database for the session: persistent storage goes off after 1 read error or 30
 * write errors (timeouts included) and never comes back on in that session. The resilient storage reports to it and
 * asks it which mode to use; the quota check and the diagnostics read it.
 */
export class StorageHealth {
  readonly status$: BehaviorSubject<StorageStatus>;
  /** Cache entries were purged (the URL map's in-memory copy must go too). */
  readonly purged$ = new Subject<number>();
  private loggedTimeout = false;

  constructor(private readonly clock: () => number = Date.now) {
    this.status$ = new BehaviorSubject<StorageStatus>({
      mode: 'persistent',
      reason: null,
      readErrors: 0,
      writeErrors: 0,
      timeouts: 0,
      estimatedBytes: null,
      usage: null,
      quota: null,
      lastPurge: null,
      writtenBackAt: null,
      migrations: [],
    });
  }

  get status(): StorageStatus {
    return this.status$.value;
  }

  get memoryOnly(): boolean {
    return this.status.mode === 'memory';
  }

  /** Counts a failed call; returns true when this error turned persistent storage off. */
  recordError(kind: StorageCallKind, collection: string, error: unknown): boolean {
    const readErrors = this.status.readErrors + (kind === 'read' ? 1 : 0);
    const writeErrors = this.status.writeErrors + (kind === 'write' ? 1 : 0);
    this.update({ readErrors, writeErrors });
    if (this.memoryOnly) return false;
    if (readErrors >= MAX_READ_ERRORS || writeErrors >= MAX_WRITE_ERRORS) {
      this.switchToMemory(`${kind} error on ${collection}: ${describe(error)}`);
      return true;
    }
    return false;
  }

  /** A call that did not answer in time: logged once per session, counted as a timeout (and as an error by the caller). */
  recordTimeout(kind: StorageCallKind, collection: string, ms: number): void {
    if (!this.loggedTimeout) {
      this.loggedTimeout = true;
      console.warn(`[storage] a ${kind} on ${collection} did not answer within ${ms} ms; the database is recreated`);
    }
    this.update({ timeouts: this.status.timeouts + 1 });
  }

  /** Turns persistent storage off for the rest of the session. */
  switchToMemory(reason: string): void {
    if (this.memoryOnly) return;
    console.warn(`[storage] persistent storage is off for this session, memory only: ${reason}`);
    this.update({ mode: 'memory', reason });
  }

  recordPurge(entries: number, trigger: 'quota-check' | 'quota-error'): void {
    this.update({ lastPurge: { at: this.clock(), entries, trigger } });
    if (entries > 0) this.purged$.next(entries);
  }

  recordQuota(estimate: { estimatedBytes: number; usage: number | null; quota: number | null }): void {
    this.update(estimate);
  }

  recordMigrations(migrations: MigrationOutcome[]): void {
    this.update({ migrations });
  }

  recordWriteBack(): void {
    this.update({ writtenBackAt: this.clock() });
  }

  private update(change: Partial<StorageStatus>): void {
    this.status$.next({ ...this.status, ...change });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
