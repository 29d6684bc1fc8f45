-- The shop's schema. Money is integer cents (source prices include tax, spec 000 §1); API payloads carry euros.
-- A landed migration is never edited: a change is a new NNN_name.sql.
create extension if not exists pg_trgm;

-- Store views (spec 001 §3 Store view): nl and be, both nl-NL / EUR.
create table store_views (
  code text primary key,
  store_id integer not null unique,
  name text not null,
  default_country char(2) not null,
  locale text not null,
  currency char(3) not null default 'EUR',
  is_default boolean not null default false
);

create table countries (
  id char(2) primary key,
  full_name_locale text not null,
  full_name_english text not null,
  available_regions jsonb
);

create table currencies (
  code char(3) primary key,
  symbol text not null,
  name text not null
);

-- Catalogue ---------------------------------------------------------------------------------------------------------
create table categories (
  id integer primary key,
  parent_id integer references categories(id),
  name text not null,
  slug text not null,
  url_key text not null,
  url_path text not null,
  level integer not null,
  path text not null,                 -- '1/2/21/34'
  position integer not null default 0,
  is_active boolean not null default true,
  include_in_menu boolean not null default true,
  product_count integer not null default 0,
  description text,
  meta_title text,
  meta_description text,
  meta_keywords text,
  meta_robots text default 'INDEX,FOLLOW',
  canonical text,
  updated_at timestamptz not null default now()
);
create index categories_parent on categories(parent_id);
create unique index categories_url_path on categories(url_path);

create table attributes (
  attribute_id integer primary key,
  attribute_code text not null unique,
  frontend_label text not null,
  frontend_input text not null,       -- select, multiselect, text, price, boolean
  is_filterable boolean not null default false,
  is_comparable boolean not null default false,
  is_visible_on_front boolean not null default true,
  is_user_defined boolean not null default true,
  is_visible boolean not null default true,
  position integer not null default 0
);

create table attribute_options (
  attribute_id integer not null references attributes(attribute_id),
  value text not null,                -- option id as text ('49'), as filters send it
  label text not null,
  swatch text,                        -- colour hex for colour swatches
  sort_order integer not null default 0,
  primary key (attribute_id, value)
);

create table tax_classes (
  id integer primary key,
  name text not null,
  type text not null check (type in ('PRODUCT', 'CUSTOMER'))
);

create table tax_rules (
  id integer primary key,
  code text not null,
  product_tax_class_ids integer[] not null,
  customer_tax_class_ids integer[] not null,
  priority integer not null default 0
);

create table tax_rates (
  id integer primary key,
  tax_rule_id integer not null references tax_rules(id),
  code text not null,
  tax_country_id char(2) not null,
  region_name text not null default '*',
  tax_region_id integer not null default 0,
  rate numeric(6, 3) not null         -- percent: 21.000
);

create table customer_groups (
  id integer primary key,
  code text not null,
  tax_class_id integer not null references tax_classes(id)
);

create table products (
  id integer primary key,
  sku text not null unique,
  parent_id integer references products(id),      -- configurable child → its configurable parent
  type_id text not null check (type_id in ('simple', 'configurable', 'grouped', 'bundle', 'virtual')),
  name text not null,
  description text,
  url_key text not null,
  url_path text not null,
  slug text not null,
  status smallint not null default 1,             -- 1 enabled, 2 disabled
  visibility smallint not null default 4,         -- 1 not visible individually, 2 catalog, 3 search, 4 both
  brand text,
  price_cents integer not null,                   -- regular price incl. tax
  special_price_cents integer,                    -- incl. tax; counts only inside its window and when lower
  special_from_date timestamptz,
  special_to_date timestamptz,
  tax_class_id integer not null references tax_classes(id),
  category_ids integer[] not null default '{}',
  -- attribute_code → list of option values (text). A configurable parent carries the union of its children's
  -- values, so a colour/size filter on the parent works as the shop's search index does.
  attrs jsonb not null default '{}',
  position integer not null default 0,
  -- everything else of the product document (media_gallery, image, product_labels, configurable_options,
  -- discount_percentage, sale, new, vendor_article_number …) as the catalogue API returns it.
  doc jsonb not null default '{}',
  search_text text not null default '',           -- name, sku and category names, for trigram fuzziness
  search tsvector,                                -- weighted: name A (4), sku B (2), category names C (1)
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_parent on products(parent_id);
create index products_category_ids on products using gin (category_ids);
create index products_attrs on products using gin (attrs jsonb_path_ops);
create index products_search on products using gin (search);
create index products_search_trgm on products using gin (search_text gin_trgm_ops);
create index products_url_path on products(url_path);
create index products_listing on products(visibility, status);

create table product_links (
  product_id integer not null references products(id),
  link_type text not null check (link_type in ('associated', 'colorrelation', 'related', 'upsell', 'crosssell')),
  linked_product_id integer not null references products(id),
  linked_product_sku text not null,
  position integer not null default 0,
  qty integer not null default 1,
  primary key (product_id, link_type, linked_product_id)
);

create table product_tier_prices (
  product_id integer not null references products(id),
  customer_group_id integer not null references customer_groups(id),
  qty integer not null default 1,
  price_cents integer not null,
  primary key (product_id, customer_group_id, qty)
);

create table stock_items (
  product_id integer primary key references products(id),
  sku text not null unique,
  stock_id integer not null default 1,
  qty integer not null default 0,
  reserved_qty integer not null default 0,        -- salable = qty - reserved_qty
  is_in_stock boolean not null default false,
  manage_stock boolean not null default true,
  min_sale_qty integer not null default 1,
  max_sale_qty integer not null default 10000
);

create table url_rewrites (
  store_code text not null references store_views(code),
  url_path text not null,                         -- without leading slash: 'heren/overhemden/slim-fit-...'
  entity_type text not null check (entity_type in ('product', 'category', 'cms_page')),
  entity_id integer not null,
  target_path text,                               -- for redirects
  redirect_type integer,                          -- 301 for a configurable child → parent
  primary key (store_code, url_path)
);

-- Stores (physical locations) -----------------------------------------------------------------------------------------
create table store_locations (
  id serial primary key,
  slug text not null unique,
  name text not null,
  street text not null,
  house_number text not null,
  postcode text not null,
  city text not null,
  country_id char(2) not null,
  phone text,
  email text,
  lat double precision not null,
  lng double precision not null,
  opening_hours jsonb not null,                   -- [{ day: 'maandag', open: '10:00', close: '18:00' } …]
  services text[] not null default '{}'
);

create table branch_stock (
  store_location_id integer not null references store_locations(id),
  product_id integer not null references products(id),
  qty integer not null,
  primary key (store_location_id, product_id)
);

-- Customers and sessions --------------------------------------------------------------------------------------------
create table customers (
  id serial primary key,
  email text not null,
  firstname text not null,
  lastname text not null,
  password_hash text not null,                    -- scrypt$N$r$p$salt$hash
  group_id integer not null default 1 references customer_groups(id),
  group_token text not null,                      -- opaque, selects price tiers / grouped tax
  external_id text not null unique,
  date_of_birth date,
  mobile_number text,
  preferences jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_email on customers (lower(email));

create table customer_addresses (
  id serial primary key,
  customer_id integer not null references customers(id) on delete cascade,
  firstname text not null,
  lastname text not null,
  street text[] not null,                         -- [street, 'house number[ affix]']
  city text not null,
  postcode text not null,
  country_id char(2) not null,
  region text,
  region_id integer,
  region_code text,
  telephone text,
  company text,
  is_default text not null default '0',           -- spec 001 §3: a string, '0' by default
  address_type text not null default 'DELIVERY' check (address_type in ('DELIVERY', 'BILLING')),
  default_shipping boolean not null default false,
  default_billing boolean not null default false
);
create index customer_addresses_customer on customer_addresses(customer_id);

-- Access tokens and refresh tokens are opaque random values; only their SHA-256 is stored.
create table auth_tokens (
  token_hash text primary key,
  customer_id integer not null references customers(id) on delete cascade,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

create table refresh_tokens (
  token_hash text primary key,
  customer_id integer not null references customers(id) on delete cascade,
  family_id text not null,                        -- a reused, already rotated token revokes its whole family
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens(family_id);

create table password_reset_tokens (
  token_hash text primary key,
  customer_id integer not null references customers(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table login_attempts (
  id bigserial primary key,
  key text not null,                              -- 'email:<lowercased>' or 'ip:<address>'
  succeeded boolean not null,
  at timestamptz not null default now()
);
create index login_attempts_key_at on login_attempts(key, at);

-- Mail the shop would send (password reset, order confirmation). docs/api.md "Mail" says where to read it.
create table outbox_emails (
  id serial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- Carts -----------------------------------------------------------------------------------------------------------------
create table carts (
  id serial primary key,
  cart_id text not null unique,                   -- what the client holds as cartServerToken (long random)
  customer_id integer references customers(id) on delete cascade,
  store_code text not null default 'nl' references store_views(code),
  is_active boolean not null default true,
  coupon_code text,
  discount_codes text[] not null default '{}',
  shipping_carrier_code text,
  shipping_method_code text,
  shipping_address jsonb,
  billing_address jsonb,
  payment_method text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index carts_customer on carts(customer_id) where is_active;

create table cart_items (
  item_id serial primary key,
  cart_id integer not null references carts(id) on delete cascade,
  sku text not null,
  product_id integer not null references products(id),
  parent_sku text,
  qty integer not null check (qty > 0),
  product_type text not null,
  product_option jsonb,
  checksum text,
  name text not null,
  price_cents integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cart_items_cart on cart_items(cart_id);

create table coupons (
  code text primary key,
  kind text not null default 'coupon' check (kind in ('coupon', 'discount', 'loyalty', 'newsletter')),
  description text not null,
  discount_type text not null check (discount_type in ('percent', 'fixed')),
  discount_value integer not null,               -- percent, or cents for fixed
  min_subtotal_cents integer not null default 0,
  category_ids integer[],                         -- when set, only items of these categories qualify
  valid_from timestamptz,
  valid_to timestamptz,
  is_active boolean not null default true,
  customer_id integer references customers(id)    -- a personal coupon
);

create table customer_coupons (
  customer_id integer not null references customers(id) on delete cascade,
  coupon_code text not null references coupons(code),
  added_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (customer_id, coupon_code)
);

create table shipping_methods (
  carrier_code text not null,
  method_code text not null,
  method_title text not null,
  carrier_title text not null,
  price_cents integer not null,
  free_from_cents integer,
  countries text[] not null,
  is_active boolean not null default true,
  position integer not null default 0,
  primary key (carrier_code, method_code)
);

create table payment_methods (
  code text primary key,
  title text not null,
  cost_cents integer not null default 0,
  countries text[] not null,
  is_active boolean not null default true,
  position integer not null default 0
);

-- Orders ----------------------------------------------------------------------------------------------------------------
create table orders (
  id serial primary key,
  order_id text not null unique,                  -- client generated: a repeat answers with the first result
  increment_id text not null unique,
  customer_id integer references customers(id),
  external_customer_id text,
  email text not null,
  status text not null,                           -- spec 001 §4 order states
  store_code text not null references store_views(code),
  subtotal_cents integer not null,
  shipping_cents integer not null default 0,
  discount_cents integer not null default 0,
  tax_cents integer not null default 0,
  grand_total_cents integer not null,
  shipping_method text,
  payment_method text,
  coupon_code text,
  shipping_address jsonb,
  billing_address jsonb,
  request jsonb not null,
  response jsonb,
  created_at timestamptz not null default now()
);
create index orders_customer on orders(customer_id, created_at desc);

create table order_items (
  id serial primary key,
  order_pk integer not null references orders(id) on delete cascade,
  sku text not null,
  name text not null,
  qty integer not null,
  price_cents integer not null,
  row_total_cents integer not null,
  product_option jsonb
);

create table payments (
  id serial primary key,
  order_pk integer not null references orders(id),
  payment_key text not null unique,               -- opaque id for the local payment page
  method text not null,
  amount_cents integer not null,
  status text not null default 'pending',         -- pending, paid, failed
  created_at timestamptz not null default now()
);

-- In-store purchases and loyalty ----------------------------------------------------------------------------------------
create table store_transactions (
  transaction_id text primary key,
  customer_id integer not null references customers(id) on delete cascade,
  store_location_id integer references store_locations(id),
  total_cents integer not null,
  items jsonb not null,
  created_at timestamptz not null
);

create table loyalty_ledger (
  id serial primary key,
  customer_id integer not null references customers(id) on delete cascade,
  points integer not null,
  miles integer not null default 0,
  description text not null,
  order_increment_id text,
  created_at timestamptz not null,
  available_at timestamptz not null,              -- 14 days after purchase
  expires_at timestamptz not null                 -- 24 months
);
create index loyalty_ledger_customer on loyalty_ledger(customer_id);

create table personal_prices (
  customer_id integer not null references customers(id) on delete cascade,
  sku text not null,
  price_cents integer not null,
  primary key (customer_id, sku)
);

-- Wishlist, newsletter, engagement --------------------------------------------------------------------------------------
create table wishlist_items (
  item_id serial primary key,
  customer_id integer not null references customers(id) on delete cascade,
  product_id integer not null references products(id),
  qty integer not null default 1,
  option jsonb,                                   -- [{ attribute_id, value }]
  created_at timestamptz not null default now(),
  unique (customer_id, product_id)
);

create table newsletter_subscriptions (
  id serial primary key,
  email text not null,
  customer_id integer references customers(id) on delete set null,
  subscription_type text not null default 'newsletter',
  contact_id text not null,
  status text not null default 'subscribed',
  created_at timestamptz not null default now(),
  unique (email, subscription_type)
);

create table engagement_contacts (
  contact_id text primary key,
  custom_key text not null unique,                -- the customer's external_id
  attributes jsonb not null default '{}'          -- favstore, favbrand …
);

-- Content (the headless CMS the shop uses, served from here) -----------------------------------------------------------
create table cms_stories (
  id serial primary key,
  uuid text not null unique,
  full_slug text not null unique,                 -- 'home', 'be/home', 'blog/…', 'config/theme'
  name text not null,
  kind text not null default 'page' check (kind in ('page', 'article', 'event', 'config', 'block')),
  tag_list text[] not null default '{}',
  published jsonb,                                -- null: never published
  draft jsonb not null,                           -- what the editor sees in preview
  alternates jsonb not null default '[]',
  event_date timestamptz,                         -- for kind 'event'
  published_at timestamptz,
  updated_at timestamptz not null default now()
);

create table cms_preview_tokens (
  token_hash text primary key,
  expires_at timestamptz not null
);

-- Search-provider landing pages (the elevate landing pages), with the query that fills their primary list.
create table landing_pages (
  url_path text primary key,                      -- 'l/elevate/…'
  page_heading text not null,
  query jsonb not null,                           -- { category_ids?: [...], filters?: {...}, text?: '...' }
  content jsonb not null default '[]',
  published boolean not null default true
);

create table analytics_events (
  id bigserial primary key,
  type text not null,
  session_key text,
  customer_key text,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

-- Donations and parcel shops --------------------------------------------------------------------------------------------
create table donations (
  id serial primary key,
  hash_key text not null unique,
  cause_slug text not null,
  amount_cents integer not null check (amount_cents > 0),
  frequency text not null check (frequency in ('once', 'monthly')),
  firstname text,
  lastname text,
  email text not null,
  payment_method text not null,
  status text not null default 'pending',
  created_at timestamptz not null default now()
);

create table parcel_shops (
  id serial primary key,
  carrier text not null check (carrier in ('budbee', 'dhl')),
  shop_code text not null unique,
  name text not null,
  street text not null,
  house_number text not null,
  postcode text not null,
  city text not null,
  country_id char(2) not null,
  lat double precision not null,
  lng double precision not null,
  opening_hours jsonb not null
);
create index parcel_shops_country on parcel_shops(country_id, carrier);
