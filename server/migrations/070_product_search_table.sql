-- Text search reads the searchable products' documents from a narrow table of their own (spec 000 §9 search, and the
-- issue's budget: text search p95 ≤ 40 ms at 50 000 products).
--
-- A product row is about 1.3 KB (doc, attrs, description), so the ~10 000 products a two-word query matches at
-- 50 000 products lie on ~10 000 heap pages, and counting them for `total` visited every one of those pages. Here a row
-- is ~170 bytes: the same matches lie on a few hundred pages, and ranking reads no product row until the page is cut.
create table product_search (
  id integer primary key references products (id) on delete cascade,
  visibility smallint not null,
  status smallint not null,
  search tsvector not null
);
create index product_search_search on product_search using gin (search);

-- Kept in step with products: a product with a search document (visibility ≠ 1) has its row; status and visibility
-- are copied because the listing's base filter (spec 000 §5) is on them.
create or replace function product_search_sync() returns trigger language plpgsql as $$
begin
  if new.search is null then
    delete from product_search where id = new.id;
  else
    insert into product_search (id, visibility, status, search)
      values (new.id, new.visibility, new.status, new.search)
      on conflict (id) do update
        set visibility = excluded.visibility, status = excluded.status, search = excluded.search;
  end if;
  return null;
end $$;

create trigger product_search_sync after insert or update of search, visibility, status on products
  for each row execute function product_search_sync();

-- The seed loads products with the trigger disabled and fills the table once after the load.
create or replace function refresh_product_search() returns void language sql as $$
  delete from product_search;
  insert into product_search (id, visibility, status, search)
    select id, visibility, status, search from products where search is not null;
$$;

select refresh_product_search();

-- Every text condition now reads product_search.
drop index if exists products_search;
