-- A category's facet counts, kept as products change (docs/catalogue-and-search.md "Facets"): how many of its listable
-- products (product_facets' rows with status 0 or 1, the app's listing filter) carry each attribute value.
--
-- Every category listing the app opens asks for these counts over the whole category, and so does every listing with
-- one colour ticked (a facet is counted without its own filter). At 50 000 products, reading the six filterable
-- attributes of the largest category's ~6 300 products took ~110 ms on PGlite, its colours alone ~20 ms; read from
-- here it is one index range of a few hundred rows.
create table if not exists category_facet_counts (
  category_id integer not null,
  code text not null,
  value text not null,
  n integer not null,
  primary key (category_id, code, value)
);

-- The (category, attribute, value) entries of one product: an array attribute gives one per element, a scalar one
-- (a JSON null gives none, as it names no option). The same expansion the live count does (server/catalog/product-search.ts);
-- a category named twice in a product's list is one, as a search for it finds the product once.
create or replace function facet_entries(category_ids integer[], attrs jsonb)
  returns table (category_id integer, code text, value text) language sql immutable as $$
  select cs.c, e.key, v
    from (select distinct unnest(category_ids) as c) cs
         cross join jsonb_each(attrs) e
         cross join lateral jsonb_array_elements_text(
           case when jsonb_typeof(e.value) = 'array' then e.value else jsonb_build_array(e.value) end) v
   where v is not null
$$;

-- What a count is made of: one listable product's categories and attributes.
do $$ begin
  create type facet_row as (category_ids integer[], attrs jsonb);
exception when duplicate_object then null;
end $$;

-- Adds the entries of the rows added and takes off those of the rows removed, summed first, so an update that changes
-- none of a row's entries (a new price) writes nothing. A count that reaches 0 stays as a row of 0; reads skip it.
create or replace function category_facet_counts_change(added facet_row[], removed facet_row[])
  returns void language sql as $$
  insert into category_facet_counts (category_id, code, value, n)
    select e.category_id, e.code, e.value, sum(l.d)::integer
      from (select a.category_ids, a.attrs, 1 as d from unnest(added) a
            union all
            select r.category_ids, r.attrs, -1 from unnest(removed) r) l
           cross join lateral facet_entries(l.category_ids, l.attrs) e
     group by 1, 2, 3 having sum(l.d) <> 0
     -- in one order: two writes in the same category take the count rows' locks one after the other, never crosswise
     order by 1, 2, 3
  on conflict (category_id, code, value) do update set n = category_facet_counts.n + excluded.n;
$$;

-- One statement's rows at a time (transition tables): the seed's refresh of 50 000 rows is one aggregate, a product
-- saved is its row's entries. Only listable rows count: status 0 or 1 (product_facets holds no visibility 1).
-- A branch is planned only when run, so each trigger reads only the transition tables its event has.
create or replace function category_facet_counts_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform category_facet_counts_change(
      array(select row(r.category_ids, r.attrs)::facet_row from new_rows r where r.status in (0, 1)), '{}');
  elsif tg_op = 'DELETE' then
    perform category_facet_counts_change(
      '{}', array(select row(r.category_ids, r.attrs)::facet_row from old_rows r where r.status in (0, 1)));
  else
    perform category_facet_counts_change(
      array(select row(r.category_ids, r.attrs)::facet_row from new_rows r where r.status in (0, 1)),
      array(select row(r.category_ids, r.attrs)::facet_row from old_rows r where r.status in (0, 1)));
  end if;
  return null;
end $$;

drop trigger if exists category_facet_counts_insert on product_facets;
drop trigger if exists category_facet_counts_update on product_facets;
drop trigger if exists category_facet_counts_delete on product_facets;
create trigger category_facet_counts_insert after insert on product_facets
  referencing new table as new_rows for each statement execute function category_facet_counts_sync();
create trigger category_facet_counts_update after update on product_facets
  referencing old table as old_rows new table as new_rows for each statement execute function category_facet_counts_sync();
create trigger category_facet_counts_delete after delete on product_facets
  referencing old table as old_rows for each statement execute function category_facet_counts_sync();

-- The rows product_facets already has (a database migrated with products in it).
delete from category_facet_counts;
select category_facet_counts_change(
  array(select row(p.category_ids, p.attrs)::facet_row from product_facets p where p.status in (0, 1)), '{}');
