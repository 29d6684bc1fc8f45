import { t } from '../../lib/i18n/index.ts';
import { closePanel } from '../../lib/panels.ts';
import { dismissIosHint, promptInstall, useInstallState } from '../../lib/install-prompt.ts';

/**
 * The menu's "install the app" entry: only while the browser offers installing and the shopper has not answered. On
 * a phone only: on a desktop Chromium shows its own install button in the address bar, and the category bar has no
 * room for one more entry.
 */
export function InstallButton() {
  const { canPrompt } = useInstallState();
  if (!canPrompt) return null;
  return (
    <li className="show-mobile">
      <button
        type="button"
        className="install-app"
        onClick={() => {
          closePanel();
          void promptInstall();
        }}
      >
        {t('Install the app')}
      </button>
    </li>
  );
}

/** Safari on iOS cannot prompt: once, a dismissible hint says how to add the shop to the home screen. */
export function IosInstallHint() {
  const { showIosHint } = useInstallState();
  if (!showIosHint) return null;
  return (
    <div className="install-hint" role="status">
      <p>
        <strong>{t('Install the app')}</strong> {t("Tap Share and then 'Add to Home Screen'")}
      </p>
      <button type="button" className="install-hint-close" aria-label={t('Close')} onClick={dismissIosHint}>
        ×
      </button>
    </div>
  );
}
