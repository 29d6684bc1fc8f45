import { useState, type FormEvent } from 'react';
import type { EngagementContact, PreferenceOptions, Preferences } from '../../../worker/api-types.ts';
import { favbrandNames, favbrandText } from '../../../domain/account/favourite-brands.ts';
import { t } from './account-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { openModal } from '../../lib/modals.ts';
import { notify } from '../../lib/notifications.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { AccountLayout } from './account-layout.tsx';

const NO_PREFERENCES: Preferences = { favorite_store_id: null, favorite_brands: [], newsletter: false };

type EnrichedData = NonNullable<EngagementContact['enrichedData']>;

/** The engagement contact's favourites (favstore slug, favbrand names) as the form's store id and brand values. */
function favouritesOf(data: EnrichedData | null, options?: PreferenceOptions): Partial<Preferences> {
  if (!data || !options) return {};
  const favourites: Partial<Preferences> = {};
  const store = data.favstore ? options.stores.find((s) => s.slug === data.favstore) : undefined;
  if (store) favourites.favorite_store_id = store.id;
  const names = new Set(favbrandNames(data.favbrand));
  if (names.size) favourites.favorite_brands = options.brands.filter((b) => names.has(b.label)).map((b) => b.value);
  return favourites;
}

/** The form's store and brands as the engagement contact names them; null removes a favourite there. */
function contactFavouritesOf(prefs: Preferences, options?: PreferenceOptions): Partial<EnrichedData> {
  const store = options?.stores.find((s) => s.id === prefs.favorite_store_id);
  const brands = (options?.brands ?? []).filter((b) => prefs.favorite_brands.includes(b.value)).map((b) => b.label);
  return { favstore: store?.slug ?? null, favbrand: brands.length ? favbrandText(brands) : null };
}

/**
 * Mijn voorkeuren (spec 001 §2: account screens "newsletter, preferences, brands, store", modals "store select" and
 * "brand select"). The choices are a draft until saved; saving is the queued profile update, so it works offline and
 * lands when the device is back online. Favourite store and brands start from the engagement contact's overview
 * (spec 001 §7 "GET contact overview … favstore and favbrand"; the account's own record when the contact has none)
 * and are saved to it with the queued PATCH contact update as well (docs/customer-account.md "Engagement contact").
 */
export function PreferencesPage() {
  const user = useLiveQuery({ name: 'user' });
  const me = user?.current ?? null;
  const online = useOnline();
  const options = useAsync(me ? 'preference-options' : null, () => shop().loadPreferenceOptions());
  const contact = useAsync(me ? 'contact-overview' : null, () => shop().loadContactOverview());
  const [draft, setDraft] = useState<Preferences | null>(null);
  const [pending, setPending] = useState(false);
  const prefs: Preferences = draft ?? {
    ...NO_PREFERENCES,
    ...(me?.preferences ?? {}),
    ...favouritesOf(contact.data?.enrichedData ?? null, options.data),
  };
  const change = (patch: Partial<Preferences>) => setDraft({ ...prefs, ...patch });
  // the named modals 'store-select' and 'brand-select' (src/lib/modals.ts): a choice goes into this form's draft
  const chooseStore = () =>
    options.data &&
    openModal('store-select', {
      options: options.data.stores,
      selected: prefs.favorite_store_id,
      onSelect: (id) => change({ favorite_store_id: id }),
    });
  const chooseBrands = () =>
    options.data &&
    openModal('brand-select', {
      options: options.data.brands,
      selected: prefs.favorite_brands,
      onSelect: (values) => change({ favorite_brands: values }),
    });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPending(true);
    const result = await shop().updateProfile({ preferences: prefs });
    // queued after the profile update, in its lane: the engagement platform learns the same favourites
    if (result.ok && contact.data) await shop().updateContact(contactFavouritesOf(prefs, options.data));
    setPending(false);
    if (!result.ok) {
      if (result.messageKey) notify({ type: 'danger', message: result.messageKey, params: result.params });
      return;
    }
    setDraft(null);
    // the server's answer brings 'Account data has successfully been updated' (or the failure) from the worker
    if (!online) notify({ type: 'info', message: 'Your preferences will be saved as soon as you are online again.' });
  };

  return (
    <AccountLayout title={t('Preferences')}>
      {!me ? null : options.status === 'loading' && !options.data ? (
        <Loader />
      ) : (
        <form className="form preferences-form" onSubmit={(e) => void submit(e)}>
          <FavoriteStore options={options.data} storeId={prefs.favorite_store_id} onChoose={chooseStore} />
          <FavoriteBrands options={options.data} brands={prefs.favorite_brands} onChoose={chooseBrands} />
          <section aria-labelledby="pref-newsletter">
            <h2 id="pref-newsletter">{t('Newsletter')}</h2>
            <div className="field field-check">
              <label>
                <input
                  type="checkbox"
                  name="newsletter"
                  checked={prefs.newsletter}
                  onChange={(e) => change({ newsletter: e.currentTarget.checked })}
                />{' '}
                {t('Yes, I would like to receive the newsletter')}
              </label>
              <p className="muted">{t('Get 10% off your next purchase.')}</p>
            </div>
          </section>
          {options.data?.offline ? (
            <p className="muted">{t('You are offline. The lists of stores and brands may not be complete.')}</p>
          ) : null}
          <Button type="submit" disabled={pending}>
            {t('Save preferences')}
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

function FavoriteStore({
  options,
  storeId,
  onChoose,
}: {
  options?: PreferenceOptions;
  storeId: number | null;
  onChoose: () => void;
}) {
  const store = options?.stores.find((s) => s.id === storeId);
  return (
    <section aria-labelledby="pref-store">
      <h2 id="pref-store">{t('Favourite store')}</h2>
      <p className="favorite-store">
        {store
          ? `${store.name} · ${store.city}`
          : storeId === null
            ? t('No store chosen yet.')
            : t('Store {id}', { id: storeId })}
      </p>
      <Button type="button" variant="secondary" onClick={onChoose} disabled={!options?.stores.length}>
        {t(storeId === null ? 'Choose a store' : 'Change store')}
      </Button>
    </section>
  );
}

function FavoriteBrands({
  options,
  brands,
  onChoose,
}: {
  options?: PreferenceOptions;
  brands: number[];
  onChoose: () => void;
}) {
  const labels = brands
    .map((b) => options?.brands.find((o) => o.value === b)?.label ?? String(b))
    .sort((a, b) => a.localeCompare(b, 'nl'));
  return (
    <section aria-labelledby="pref-brands">
      <h2 id="pref-brands">{t('Favourite brands')}</h2>
      {labels.length ? (
        <ul className="favorite-brands">
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : (
        <p className="favorite-brands">{t('No brands chosen yet.')}</p>
      )}
      <Button type="button" variant="secondary" onClick={onChoose} disabled={!options?.brands.length}>
        {t('Choose brands')}
      </Button>
    </section>
  );
}
