-- Newsletter double opt-in (spec 001 §4 "Newsletter signup", §7 "POST newsletter subscribe"). A footer signup is
-- 'pending' until the link in its confirmation mail is followed; every mail also carries an unsubscribe link. Only the
-- tokens' SHA-256 is stored, as for password reset tokens.
alter table newsletter_subscriptions add column confirm_token_hash text;
alter table newsletter_subscriptions add column confirm_expires_at timestamptz;
alter table newsletter_subscriptions add column unsubscribe_token_hash text;
alter table newsletter_subscriptions add column confirmed_at timestamptz;
create unique index newsletter_subscriptions_confirm_token on newsletter_subscriptions(confirm_token_hash);
create unique index newsletter_subscriptions_unsubscribe_token on newsletter_subscriptions(unsubscribe_token_hash);
