import { STORE_CODES, STORE_VIEWS } from '../../../domain/store-view.ts';
import { t } from '../../lib/i18n/index.ts';
import { storeView, switchStoreView } from '../../lib/store-view.ts';

const COUNTRY_NAME = { NL: 'Netherlands', BE: 'Belgium' } as const;

/** The name of this page's store view's country ("Nederland"). */
export const currentCountryName = () => t(COUNTRY_NAME[storeView().country]);

/**
 * The store views to choose from (spec 000 §2 one storefront per country; spec 001 §2 "language switcher"): the
 * current store is marked, the other one opens the same page in that store and is remembered on this device.
 */
export function StoreChoices() {
  const current = storeView().storeCode;
  return (
    <ul>
      {STORE_CODES.map((code) => (
        <li key={code}>
          <button
            type="button"
            aria-pressed={code === current}
            lang={STORE_VIEWS[code].lang}
            onClick={() => code !== current && switchStoreView(code)}
          >
            {t(COUNTRY_NAME[STORE_VIEWS[code].country])}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The store switch in the footer. */
export function StoreSwitch() {
  return (
    <nav className="store-switch" aria-label={t('Choose your country')}>
      <span className="store-switch-label">{t('Shop in')}</span>
      <StoreChoices />
    </nav>
  );
}
