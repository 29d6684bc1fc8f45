-- Search quality (spec 000 §9 "Fuzziness 2; minimum_should_match 75%. Boosts: name 4, sku 2, category name 1") and
-- the search provider's calls (spec 001 §7).
--
-- Fuzziness is resolved against the catalogue's vocabulary, as a search engine's term dictionary does: each word the
-- shopper types is matched to the words of `search_terms` within the edit distance (fuzzystrmatch's levenshtein), and
-- those exact words are then looked up in the weighted tsvector through its GIN index. That replaces the trigram
-- scan over every product row (children included), which cost 523 ms at 50 000 products.
create extension if not exists fuzzystrmatch;

drop index if exists products_search_trgm;
alter table products drop column if exists search_text;

-- Every word of a searchable product's name, category names and colour labels, with how many products carry it.
create table search_terms (
  term text primary key,
  doc_count integer not null
);

-- The search document of every product a search can find (children, visibility 1, never are): name A (boost 4), sku
-- B (2), category names and colour labels C (1; a colour word counts as much as a category word). Called by the seed
-- after a load and here for a database seeded before this migration.
create or replace function refresh_product_search() returns void language plpgsql as $$
begin
  drop table if exists product_search_texts;
  create temporary table product_search_texts as
    select p.id, p.name,
           coalesce((select string_agg(c.name, ' ' order by c.level, c.id) from categories c
                      where c.id = any(p.category_ids)), '') as categories,
           coalesce((select string_agg(o.label, ' ' order by o.sort_order) from attribute_options o
                       join attributes a on a.attribute_id = o.attribute_id
                      where a.attribute_code = 'color' and p.attrs -> 'color' ? o.value), '') as colours
      from products p where p.visibility <> 1;
  update products p
     set search = setweight(to_tsvector('dutch', p.name), 'A') || setweight(to_tsvector('simple', p.sku), 'B')
                  || setweight(to_tsvector('dutch', t.categories || ' ' || t.colours), 'C')
    from product_search_texts t where t.id = p.id;
  delete from search_terms;
  insert into search_terms (term, doc_count)
    select w, count(distinct t.id)::int
      from product_search_texts t,
           regexp_split_to_table(lower(t.name || ' ' || t.categories || ' ' || t.colours), '[[:space:]&,/()+]+') w
     where length(w) >= 2
     group by w;
  drop table product_search_texts;
end $$;

select refresh_product_search();

-- Click, add-to-cart, end, add-favorite and remove-favorite notifications to the search provider (spec 001 §7),
-- kept for the provider's ranking and reports.
create table search_notifications (
  id bigserial primary key,
  type text not null check (type in ('click', 'add-to-cart', 'end', 'add-favorite', 'remove-favorite')),
  ticket text,
  product_key text,
  session_key text not null,
  customer_key text not null,
  created_at timestamptz not null default now()
);
create index search_notifications_product on search_notifications (product_key, created_at);
