-- Accounts (spec 000 §4 customer session, §7 user calls). An access token remembers the refresh-token family it was issued from, so a logout or a reused
-- refresh token revokes exactly that session's access tokens and not the customer's other devices.
alter table auth_tokens add column family_id text;
create index auth_tokens_family on auth_tokens(family_id);
create index auth_tokens_customer on auth_tokens(customer_id);
create index refresh_tokens_customer on refresh_tokens(customer_id);
create index password_reset_tokens_customer on password_reset_tokens(customer_id);
create index store_transactions_customer on store_transactions(customer_id, created_at desc);
create index customer_coupons_customer on customer_coupons(customer_id);
