/**
 * Most lines one `update-batch` call carries: the server's cap on the body and the most waiting updates the worker's
 * queue sends at once. A plain number, no TypeBox: the contract's schema uses it here, the worker through domain/cart.
 */
export const CART_UPDATE_BATCH_MAX = 100;
