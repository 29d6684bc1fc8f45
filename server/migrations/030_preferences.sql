-- Account preferences (spec 001 §2). Store and brands live in customers.preferences (001_schema); the newsletter opt-in
-- in newsletter_subscriptions, which the account reads by customer and by e-mail regardless of case.
create index newsletter_subscriptions_customer on newsletter_subscriptions(customer_id);
create index newsletter_subscriptions_email_lower on newsletter_subscriptions(lower(email), subscription_type);
