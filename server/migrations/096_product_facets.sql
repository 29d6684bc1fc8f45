-- Facet counts read the listed products' facet values from a narrow table of their own (docs/catalogue-and-search.md
-- "Facets"), as text search reads product_search (migration 070).
--
-- A product row is ~1.9 KB (doc, attrs, description), one heap page per product of a category: counting the colours
-- of a category of ~6 000 products at 50 000 read ~6 000 pages (~15 ms on PGlite) and decompressed each one's attrs
-- (~20 ms). Here a row is ~350 bytes and its attrs are never compressed.
create table if not exists product_facets (
  id integer primary key references products (id) on delete cascade,
  visibility smallint not null,
  status smallint not null,
  category_ids integer[] not null,
  attrs jsonb not null,
  price_cents integer not null,
  special_price_cents integer,
  special_from_date timestamptz,
  special_to_date timestamptz
);
alter table product_facets alter column attrs set storage external;
create index if not exists product_facets_category_ids on product_facets using gin (category_ids);

-- Kept in step with products: every listable product (visibility ≠ 1) has its row, with the columns a listing's
-- filters and price buckets read.
create or replace function product_facets_sync() returns trigger language plpgsql as $$
begin
  if new.visibility = 1 then
    delete from product_facets where id = new.id;
  else
    insert into product_facets (id, visibility, status, category_ids, attrs, price_cents, special_price_cents,
        special_from_date, special_to_date)
      values (new.id, new.visibility, new.status, new.category_ids, new.attrs, new.price_cents,
        new.special_price_cents, new.special_from_date, new.special_to_date)
      on conflict (id) do update
        set visibility = excluded.visibility, status = excluded.status, category_ids = excluded.category_ids,
            attrs = excluded.attrs, price_cents = excluded.price_cents,
            special_price_cents = excluded.special_price_cents, special_from_date = excluded.special_from_date,
            special_to_date = excluded.special_to_date;
  end if;
  return null;
end $$;

drop trigger if exists product_facets_sync on products;
create trigger product_facets_sync
  after insert or update of visibility, status, category_ids, attrs, price_cents, special_price_cents,
    special_from_date, special_to_date on products
  for each row execute function product_facets_sync();

-- The seed loads products with the trigger disabled and fills the table once after the load.
create or replace function refresh_product_facets() returns void language sql as $$
  delete from product_facets;
  insert into product_facets (id, visibility, status, category_ids, attrs, price_cents, special_price_cents,
      special_from_date, special_to_date)
    select id, visibility, status, category_ids, attrs, price_cents, special_price_cents, special_from_date,
           special_to_date
      from products where visibility <> 1;
$$;

select refresh_product_facets();
