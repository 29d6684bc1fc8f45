import { BehaviorSubject } from 'rxjs';
import type { WorkerContext } from '../context.ts';
import { httpTransport } from './http-transport.ts';
import { SyncEngine } from './sync-engine.ts';

declare module '../events.ts' {
  interface WorkerEventMap {
    /** Token refresh failed or auto refresh is off (spec 000 §4 "Token invalidation"): the app opens the signup modal. */
    'open-signup-modal': void;
    /** The server answered 'De gevraagde hoeveelheid is niet beschikbaar' to an item update (spec 000 §8). */
    'add-to-cart-failed': { sku: string };
  }
}

export interface ContextEngine {
  engine: SyncEngine;
  /** ms of the last "open the signup modal" request, for the `user` live query. */
  signupRequested: BehaviorSubject<number | null>;
  started: Promise<void>;
}

const engines = new WeakMap<WorkerContext, ContextEngine>();

/**
 * The one sync engine of a worker context, shared by the session, cart and checkout factories (they are composed in
 * any order). Starts it (restore session, connect cart) and follows the context's online state.
 */
export function syncEngineFor(ctx: WorkerContext): ContextEngine {
  const existing = engines.get(ctx);
  if (existing) return existing;
  const signupRequested = new BehaviorSubject<number | null>(null);
  const engine = new SyncEngine({
    db: ctx.db,
    transport: httpTransport(ctx.http),
    notify: (n) => ctx.notify(n),
    emit: (name, payload) => {
      if (name === 'open-signup-modal') {
        signupRequested.next(ctx.now());
        ctx.events.emit('open-signup-modal');
      }
      if (name === 'add-to-cart-failed') ctx.events.emit('add-to-cart-failed', payload as { sku: string });
    },
    now: () => ctx.now(),
    online: ctx.online.value,
    cart: { taxDefaultCountry: ctx.config.taxCountry },
  });
  const started = engine.start().catch((error) => console.error('[sync] start failed', error));
  let first = true;
  ctx.online.subscribe((online) => {
    if (first) {
      first = false;
      return;
    }
    void started.then(() => engine.setOnline(online));
  });
  const entry = { engine, signupRequested, started };
  engines.set(ctx, entry);
  return entry;
}
