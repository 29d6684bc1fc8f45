import { useEffect, useState } from 'react';
import { readDevice, writeDevice } from '../../lib/device-storage.ts';
import { t } from '../../lib/i18n/index.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** Device keys: the shopper closed the button; the shopper chose larger text. */
const CLOSED_KEY = 'a11y_button_closed';
const LARGE_TEXT_KEY = 'a11y_large_text';
const LARGE_TEXT_CLASS = 'a11y-large-text';

/**
 * Whether the button is shown; closing it is remembered on the device (spec 001 §1 "the user can close it"). The
 * server, which cannot read the device, renders it shown.
 */
const shown = createStore(readDevice(CLOSED_KEY) !== '1', true);

/**
 * Run by the server-rendered document before its body is parsed (like CONSENT_PENDING_SCRIPT): the larger text a
 * shopper chose is there from the first paint, not after the app's start, and a closed button is never painted
 * (src/features/shell/phone-shell.css `[data-a11y-closed]`).
 */
export const ACCESSIBILITY_DEVICE_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(LARGE_TEXT_KEY)})==='1')document.documentElement.classList.add(${JSON.stringify(LARGE_TEXT_CLASS)});` +
  `if(localStorage.getItem(${JSON.stringify(CLOSED_KEY)})==='1')document.documentElement.setAttribute('data-a11y-closed','')}catch(e){}`;

function setShown(value: boolean) {
  writeDevice(CLOSED_KEY, value ? null : '1');
  document.documentElement.toggleAttribute('data-a11y-closed', !value);
  shown.set(value);
}

/** The footer's way to bring a closed button back. */
export function ShowAccessibilityButton() {
  const visible = useStore(shown);
  if (visible) return null;
  return (
    <button type="button" className="btn btn-link" onClick={() => setShown(true)}>
      {t('Accessibility')}
    </button>
  );
}

/**
 * The accessibility tool (spec 001 §1): a button fixed at the right edge that opens the tool — larger text for the
 * whole shop, remembered on the device — and a close button that hides it, remembered too.
 */
export function AccessibilityButton() {
  const visible = useStore(shown);
  const [open, setOpen] = useState(false);
  const [large, setLarge] = useState(() => readDevice(LARGE_TEXT_KEY) === '1');
  useEffect(() => {
    document.documentElement.classList.toggle(LARGE_TEXT_CLASS, large);
  }, [large]);
  if (!visible) return null;
  return (
    <aside className="a11y-tool" aria-label={t('Accessibility')}>
      {open ? (
        <div className="a11y-panel" id="a11y-panel">
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={large}
            onClick={() => {
              writeDevice(LARGE_TEXT_KEY, large ? null : '1');
              setLarge(!large);
            }}
          >
            {t('Larger text')}
          </button>
        </div>
      ) : null}
      <button
        type="button"
        className="a11y-button"
        aria-expanded={open}
        aria-controls="a11y-panel"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">♿</span>
        <span className="visually-hidden">{t('Accessibility')}</span>
      </button>
      <button
        type="button"
        className="a11y-close"
        aria-label={t('Close the accessibility button')}
        onClick={() => setShown(false)}
      >
        ×
      </button>
    </aside>
  );
}
