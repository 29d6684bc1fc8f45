import type { ServerCartItem } from '../../contract/cart.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import { mergeCart, type MergeAction, type ServerLine } from '../../domain/cart/merge.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { CartConfig } from './cart-config.ts';
import type { CartStore } from './cart-store.ts';
import { cartUrl, TASK_CART_DELETE, type CartDeletePayload } from './cart-tasks.ts';

type Client = CartItemDoc;
export type Server = ServerCartItem & ServerLine;

export interface CartMergeOptions {
  store: CartStore;
  queue: TaskQueue;
  config: CartConfig;
  now: () => number;
  /** Queue the line's update (worker/cart/cart-sync.ts), as a sync's own (silent) one. */
  enqueueUpdate: (localId: string) => Promise<void>;
}

/**
 * Spec 000 §4 "Merge rules" applied to the device: the pulled server cart and the device's lines go through
 * domain/cart/merge.ts, which decides; each action is carried out here (a local write or a queued server call).
 */
export async function mergeServerCart(
  o: CartMergeOptions,
  serverItems: Server[],
  forceClientState: boolean,
): Promise<void> {
  const clientItems = await o.store.items();
  const actions = mergeCart<Client, Server>(clientItems, serverItems, o.config, {
    forceClientState,
    dryRun: false,
  });
  for (const action of actions) await apply(o, action);
}

async function apply(o: CartMergeOptions, action: MergeAction<Client, Server>): Promise<void> {
  const { store, queue } = o;
  switch (action.type) {
    case 'push-to-server':
      // the line the client knew is not on the server: send it as a new line
      await store.patchItem(action.item.local_id, { item_id: null });
      await o.enqueueUpdate(action.item.local_id);
      return;
    case 'remove-local':
      await store.removeItem(action.item.local_id);
      return;
    case 'update-server-qty':
      await store.patchItem(action.item.local_id, { item_id: action.serverItem.item_id });
      await o.enqueueUpdate(action.item.local_id);
      return;
    case 'adopt-server-qty':
      await store.patchItem(action.item.local_id, { qty: action.serverItem.qty, prev_qty: action.serverItem.qty });
      return;
    case 'delete-on-server':
      await queue.enqueue({
        kind: TASK_CART_DELETE,
        url: cartUrl('delete'),
        payload: {
          cartItem: { sku: action.serverItem.sku, item_id: action.serverItem.item_id },
        } satisfies CartDeletePayload,
        silent: true,
      });
      return;
    case 'add-from-server':
      await store.insertItem(lineFromServer(action.serverItem, store.cartServerToken(), o.now()));
      return;
    case 'link-server-id':
      await store.patchItem(action.item.local_id, {
        item_id: action.serverItem.item_id,
        server_cart_id: store.cartServerToken(),
        prev_qty: action.serverItem.qty,
      });
      return;
    case 'adopt-server-price':
      // the line shows what the server charges (a member's personal or tier price, spec 000 §6)
      await store.patchItem(action.item.local_id, { price_incl_tax: action.serverItem.price });
      return;
    case 'report':
      return;
  }
}

/** A server line the device lacks, as a new device line linked to it. */
function lineFromServer(s: Server, cartId: string | null, now: number): CartItemDoc {
  const item: CartItemDoc = {
    local_id: crypto.randomUUID(),
    sku: s.sku,
    qty: s.qty,
    prev_qty: s.qty,
    item_id: s.item_id,
    server_cart_id: cartId,
    product_option: s.product_option ?? null,
    product_type: s.product_type,
    type_id: s.product_type,
    added_at: now,
    updated_at: now,
  };
  if (s.price !== undefined) item.price_incl_tax = s.price;
  if (s.name !== undefined) item.product = { name: s.name };
  return item;
}
