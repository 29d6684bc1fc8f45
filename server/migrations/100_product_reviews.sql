-- Product reviews and the product journey ("tex tracer"; spec 001 §1 "product reviews and a product-journey view",
-- named in texts only; docs/catalogue-and-search.md "Reviews and the tex tracer"). Both belong to the product a
-- shopper sees: the parent of a configurable, or the simple product itself.
create table product_reviews (
  id serial primary key,
  product_id integer not null references products(id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  author text not null,
  title text not null,
  body text not null,
  created_at timestamptz not null
);
create index product_reviews_product on product_reviews (product_id, created_at desc, id desc);

-- Where a garment was made, step by step (spinning, weaving or knitting, dyeing, confection …): the step's code (the
-- app names it in Dutch), the country and city, and the company that did it.
create table product_journey_steps (
  product_id integer not null references products(id) on delete cascade,
  position smallint not null,
  step text not null,
  country_id char(2) not null,
  country text not null,
  city text not null,
  company text not null,
  primary key (product_id, position)
);
