-- The delivery the shopper chose (spec 001 §1, §5): the method with its titles and the DHL ServicePoint, Budbee box
-- or pickup store, as they were when the order was placed (contract/delivery.ts OrderDelivery). Orders placed before
-- this column read their method from shipping_methods (server/orders/order-view.ts).
alter table orders add column delivery jsonb;
