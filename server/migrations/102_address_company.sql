-- Spec 001 §3 address labels "middle name" (tussenvoegsel) and "tax id" (btw-nummer of a business address); the
-- company name has its column since 001. Lengths are the API's (contract/field-lengths.ts).
alter table customer_addresses add column if not exists middlename text;
alter table customer_addresses add column if not exists vat_id text;
