import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isRequired, isValidEmail } from '../../../domain/validation/index.ts';
import { t } from '../../lib/i18n/index.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';

/** Spec 001 §9: newsletter input debounce 500 ms, feedback 3000 ms; §4: it then fades and clears 500 ms later. */
export const NEWSLETTER_DEBOUNCE_MS = 500;
export const NEWSLETTER_FEEDBACK_MS = 3000;
export const NEWSLETTER_FADE_MS = 500;

/** Spec 001 §5: the newsletter e-mail is required and valid. */
const emailProblem = (email: string) => isRequired(email) ?? isValidEmail(email);

/**
 * The newsletter signup (spec 001 §4 "Newsletter signup"): idle, then subscribing. Success clears the address, shows a
 * success notification and a feedback line that fades after 3 s; 'already subscribed' is a warning and a failure an
 * error notification (§8 texts). The address is checked 500 ms after the shopper stops typing. The form opens with the
 * address of this device's last signup filled in.
 */
export function NewsletterForm({ onSubscribed }: { onSubscribed?: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [feedback, setFeedback] = useState<'shown' | 'fading' | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    if (!email) return setError(null);
    const timer = setTimeout(() => setError(emailProblem(email.trim())), NEWSLETTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The address of this device's last signup (spec 000 §9 "newsletter email"), unless the shopper typed already.
  useEffect(() => {
    let shown = true;
    void shop()
      .newsletterEmail()
      .then((remembered) => {
        if (shown && remembered) setEmail((typed) => typed || remembered);
      })
      .catch(() => undefined);
    return () => {
      shown = false;
    };
  }, []);

  const showFeedback = () => {
    timers.current.forEach(clearTimeout);
    setFeedback('shown');
    timers.current = [
      setTimeout(() => setFeedback('fading'), NEWSLETTER_FEEDBACK_MS),
      setTimeout(() => setFeedback(null), NEWSLETTER_FEEDBACK_MS + NEWSLETTER_FADE_MS),
    ];
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (subscribing) return;
    const address = email.trim();
    const problem = emailProblem(address);
    setError(problem);
    if (problem) return;
    setSubscribing(true);
    try {
      const result = await shop().subscribeNewsletter(address);
      if (result.outcome === 'sent') {
        setEmail('');
        showFeedback();
        onSubscribed?.();
      }
      notify({
        type: result.outcome === 'sent' ? 'success' : result.outcome === 'already-subscribed' ? 'warning' : 'danger',
        message: result.messageKey ?? 'An error occurred while subscribing you to our newsletter, please try again!',
      });
    } catch {
      notify({
        type: 'danger',
        message: 'An error occurred while subscribing you to our newsletter, please try again!',
      });
    } finally {
      setSubscribing(false);
    }
  };

  return (
    <form className="newsletter-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="newsletter-fields">
        <label htmlFor={id} className="visually-hidden">
          {t('E-mail address')}
        </label>
        <input
          id={id}
          type="email"
          name="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          placeholder={t('E-mail address')}
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <Button type="submit" disabled={subscribing}>
          {subscribing ? t('Subscribing…') : t('Subscribe')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-err`} className="field-error">
          {t(error)}
        </p>
      ) : null}
      {feedback ? (
        <p className={`newsletter-feedback${feedback === 'fading' ? ' is-fading' : ''}`} role="status">
          {t('Check your inbox to confirm.')}
        </p>
      ) : null}
    </form>
  );
}
