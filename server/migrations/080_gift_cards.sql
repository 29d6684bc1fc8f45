-- Gift cards (spec 001 §1 "gift cards"; docs/checkout-and-orders.md "Gift cards"): a card number, a PIN kept as an
-- scrypt hash like a password, and the balance left. A cart holds at most one card; an order spends it once, recorded
-- in gift_card_redemptions (one per order), and a cancelled order gives the amount back.
create table gift_cards (
  id serial primary key,
  card_number text not null unique,
  pin_hash text not null,
  balance_cents integer not null check (balance_cents >= 0),
  expires_at timestamptz,
  created_at timestamptz not null default now()
);

create table cart_gift_cards (
  cart_pk integer primary key references carts(id) on delete cascade,
  gift_card_id integer not null references gift_cards(id) on delete cascade,
  -- the balance when the shopper applied the card: what the checkout then showed it paying
  seen_balance_cents integer not null
);

create table gift_card_redemptions (
  id serial primary key,
  gift_card_id integer not null references gift_cards(id),
  order_pk integer not null unique references orders(id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  refunded_at timestamptz,
  created_at timestamptz not null default now()
);
