import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { t } from './account-texts.ts';
import { notify } from '../../lib/notifications.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { trackAccount } from '../../lib/analytics/events.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, NameFields } from '../../ui/field.tsx';
import { formValues, validateLogin, validateNewPassword, validateRegister, type Errors } from './form-rules.ts';
import { NewPasswordFields, PasswordField } from './password-fields.tsx';

export function LoginPage() {
  useDocumentTitle(t('Log in'));
  const navigate = useNavigate();
  return (
    <div className="page narrow login-page">
      <LoginForm heading={(text) => <h1>{text}</h1>} onLoggedIn={() => void navigate({ to: '/mijn-account/' })} />
    </div>
  );
}

/**
 * Log in or create an account: the login page's form, and the named modal 'authentication' (spec 001 §2), which
 * keeps the shopper on the page they were on. `heading` draws the title (the page's h1; the modal has its own).
 */
export function LoginForm({ heading, onLoggedIn }: { heading: (text: string) => ReactNode; onLoggedIn: () => void }) {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const found = mode === 'login' ? validateLogin(v) : validateRegister(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const result =
        mode === 'login'
          ? await shop().login(v.email, v.password)
          : await shop().register({
              customer: { email: v.email, firstname: v.firstname, lastname: v.lastname },
              password: v.password,
            });
      if (result.ok) {
        trackAccount(mode === 'login' ? 'login' : 'sign_up', v.email);
        notify({ type: 'success', message: 'You are logged in!' });
        onLoggedIn();
      } else {
        notify({
          type: 'danger',
          message: result.messageKey ?? 'An error occurred during the submission process.',
          params: result.params,
        });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {heading(mode === 'login' ? t('Log in') : t('Create an account'))}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {mode === 'register' ? <NameFields errors={errors} /> : null}
        <EmailField error={errors.email} />
        {mode === 'login' ? (
          <PasswordField name="password" label="Password" autoComplete="current-password" error={errors.password} />
        ) : (
          <NewPasswordFields errors={errors} />
        )}
        <Button type="submit" className="btn-block" disabled={pending}>
          {mode === 'login' ? t('Log in') : t('Create an account')}
        </Button>
      </form>
      <p className="form-links">
        {mode === 'login' ? <Link to="/password/reset">{t('Forgot your password?')}</Link> : null}
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setErrors({});
            setMode(mode === 'login' ? 'register' : 'login');
          }}
        >
          {mode === 'login' ? t('Create an account') : t('I already have an account')}
        </button>
      </p>
    </>
  );
}

/**
 * /password/reset (spec 001 §2). The link in the reset mail carries `email` and `resetToken`: it opens the form that
 * sets the new password; without them the page sends a reset link.
 */
export function PasswordResetPage() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const email = typeof search.email === 'string' ? search.email.trim() : '';
  const resetToken = typeof search.resetToken === 'string' ? search.resetToken : '';
  return email && resetToken ? <SetNewPassword email={email} resetToken={resetToken} /> : <RequestResetLink />;
}

function RequestResetLink() {
  useDocumentTitle(t('Reset password'));
  const online = useOnline();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="page narrow">
      <h1>{t('Reset password')}</h1>
      {sent ? (
        <p role="status">
          {t('If an account exists for this address you will receive an e-mail with a link to set a new password.')}
        </p>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
            const found = validateLogin({ email, password: 'x' }).email ?? null;
            setError(found);
            if (found) return;
            // Spec 000 §5: password reset is refused offline.
            if (!online) {
              notify({ type: 'danger', message: 'Reset password feature does not work while offline!' });
              return;
            }
            void shop()
              .resetPassword(email)
              .then((r) =>
                r.ok
                  ? setSent(true)
                  : notify({
                      type: 'danger',
                      message: r.messageKey ?? 'An error occurred while sending the reset-password e-mail.',
                    }),
              );
          }}
        >
          <EmailField error={error} />
          <Button type="submit" className="btn-block">
            {t('Send reset link')}
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * Spec 000 §7 create-password: the token is single-use and valid one hour (the server checks both and ends every
 * session of the customer); refused offline with spec 001 §8 'Password reset does not work offline.'.
 */
function SetNewPassword({ email, resetToken }: { email: string; resetToken: string }) {
  useDocumentTitle(t('Set a new password'));
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const found = validateNewPassword(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const result = await shop().createPassword(email, resetToken, v.password);
      if (result.ok) {
        notify({ type: 'success', message: result.messageKey ?? 'Password has successfully been changed' });
        void navigate({ to: '/login/' });
        return;
      }
      // shown in the form, not as a passing notification: the shopper needs it to ask for a new link
      setFailure(result.messageKey ?? 'An error occurred during the submission process.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="page narrow">
      <h1>{t('Set a new password')}</h1>
      <p>{t('Choose a new password for {email}.', { email })}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <NewPasswordFields errors={errors} label="New password" />
        {failure ? (
          <p className="field-error" role="alert">
            {t(failure)} <Link to="/password/reset">{t('Request a new link')}</Link>
          </p>
        ) : null}
        <Button type="submit" className="btn-block" disabled={pending}>
          {t('Save new password')}
        </Button>
      </form>
    </div>
  );
}
