-- Cart and order additions (spec 000 §4 cart synchronisation, §7 order).

-- One active cart per customer (spec 000 §4 "Cart connect": a customer's create answers that cart). Two concurrent
-- creates for the same customer race on this index; the loser reads the winner's cart.
create unique index carts_one_active_per_customer on carts(customer_id) where is_active and customer_id is not null;

-- Order numbers shown to the shopper ("Bestelnummer 100000042"); gaps from conflicting inserts are harmless.
create sequence order_increment_seq start 100000001;

create index payments_order on payments(order_pk);
create index order_items_order on order_items(order_pk);
