-- Catalogue read side (spec 000 §7 catalogue calls).
-- The configurable-child 301 (spec 000 §2) looks a page path up in every store at once; the primary key starts with
-- store_code, so it needs its own index. Partial: only redirecting rows are ever asked for.
create index if not exists url_rewrites_redirects on url_rewrites (url_path) where redirect_type is not null;
-- Listings sort by position within the base filter (visibility, status); a category listing then reads the GIN
-- index on category_ids and sorts a few hundred rows, so no further index is needed at 2 000 products.
