import { getShopWorker } from '../../worker/client.ts';

/** Every resolved navigation is recorded in the worker's nav_path (spec 000 §2, max 30 entries). */
export function recordNavigation(pathname: string): void {
  getShopWorker()
    .pushNavPath(pathname)
    .catch(() => undefined);
}
