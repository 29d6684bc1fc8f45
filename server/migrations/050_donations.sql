-- Donations (spec 001 §1 "donations (one-off and monthly)", §3 "Donation", §7 donation calls). A donation is paid on
-- the same local payment page as an order (/pay/{payment_key}); its donor reads it back by `hash_key`, a second
-- random key, so the status page's address cannot pay or cancel it. The donation form asks one name, not two.
create table donation_payment_methods (
  code text primary key,
  title text not null,
  is_active boolean not null default true,
  position integer not null default 0
);

alter table donations drop column firstname, drop column lastname;
alter table donations
  add column donor_name text not null,
  add column payment_key text not null unique,
  add column settled_at timestamptz,
  add constraint donations_amount_bounds check (amount_cents between 100 and 1000000),
  add constraint donations_status check (status in ('pending', 'paid', 'cancelled')),
  add constraint donations_payment_method foreign key (payment_method) references donation_payment_methods(code);
create index donations_pending on donations(created_at) where status = 'pending';
