-- One active cart per customer and store view (spec 000 §2 "Store codes exist per storefront"): a customer shopping
-- in the NL and the BE store has a cart in each, with that store's prices, tax and methods, so the two never mix.
-- The NL cart a customer had before this keeps store code nl.
drop index carts_one_active_per_customer;
create unique index carts_one_active_per_customer_store
  on carts(customer_id, store_code) where is_active and customer_id is not null;
