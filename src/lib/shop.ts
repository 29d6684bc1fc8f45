import { getShopWorker } from '../../worker/client.ts';

/** The worker API (comlink remote). One place so every feature reaches the sync engine the same way. */
export const shop = () => getShopWorker();
