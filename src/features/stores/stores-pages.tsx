import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { StoreLocation } from '../../../contract/store.ts';
import { t } from './store-texts.ts';
import { formatDistance } from '../../lib/distance.ts';
import { fetchStore, fetchStores, routeHref, telHref } from '../../lib/stores.ts';
import { useAsync } from '../../lib/use-async.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { NotFoundPage } from '../../ui/missing-page.tsx';
import { isOpenAt, openingToday } from '../../../domain/stores/opening-hours.ts';

const COUNTRY_NAMES: Record<string, string> = { NL: 'Netherlands', BE: 'Belgium' };
const countryName = (code: string) => t(COUNTRY_NAMES[code] ?? code);

function OpenNow({ store, now }: { store: StoreLocation; now: Date }) {
  const open = isOpenAt(store.opening_hours, now);
  return (
    <span className={`store-open ${open ? 'is-open' : 'is-closed'}`}>{open ? t('Open now') : t('Closed now')}</span>
  );
}

/** The stores by country (spec 001 §1 NL and BE), each group in the list's order: nearest first after a search. */
function byCountry(stores: StoreLocation[]): [string, StoreLocation[]][] {
  const groups = new Map<string, StoreLocation[]>();
  for (const s of stores) groups.set(s.country_id, [...(groups.get(s.country_id) ?? []), s]);
  return [...groups];
}

function StoreCard({ store, now }: { store: StoreLocation; now: Date }) {
  return (
    <Link to={`/w/winkels/${store.slug}`} className="store-card">
      <strong className="store-name">{store.name}</strong>
      <span>
        {store.street} {store.house_number}, {store.postcode} {store.city}
      </span>
      <span className="store-meta">
        <OpenNow store={store} now={now} />
        {store.distance !== undefined ? (
          <span className="store-distance muted">{formatDistance(store.distance)}</span>
        ) : null}
      </span>
    </Link>
  );
}

/**
 * The store locator `/winkels/` (spec 001 §1, §2): every store grouped NL and BE, with whether it is open now; a
 * postcode or city puts the nearest first, by the distance the server measures (docs/catalogue-and-search.md "Store locator").
 */
export function StoreLocatorPage() {
  useDocumentTitle(t('Stores'));
  // The search lives in the URL (`/winkels/?q=3511 AB`), so back from a store page, a reload or a shared link shows
  // the same list. The router reads a number-like value as a number, hence String().
  const search: { q?: unknown } = useSearch({ strict: false });
  const query = String(search.q ?? '').trim();
  const navigate = useNavigate();
  const setQuery = (q: string) => void navigate({ to: '.', search: (q ? { q } : {}) as never });
  const [input, setInput] = useState(query);
  // the field follows the URL when the URL's query changes (back, a link), never on mount: an effect that also ran on
  // mount could put back the empty query over text typed between the page's commit and its effects
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setInput(query);
  }
  const stores = useAsync(query ? `stores:${query}` : prefetchKey.stores(), () => fetchStores(query || undefined));
  const now = new Date();
  const list = stores.status === 'success' ? stores.data : [];
  return (
    <div className="page store-locator">
      <h1>{t('Find a store')}</h1>
      <p>{t('Visit one of our stores for personal advice.')}</p>
      <form
        className="store-search"
        role="search"
        aria-label={t('Find a store')}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(input.trim());
        }}
      >
        <label htmlFor="store-search-q">{t('Postcode or city')}</label>
        <div className="store-search-row">
          <input
            id="store-search-q"
            type="search"
            value={input}
            maxLength={100}
            autoComplete="postal-code"
            aria-describedby="store-search-hint"
            onChange={(e) => setInput(e.target.value)}
          />
          <Button type="submit">{t('Search')}</Button>
        </div>
        <p id="store-search-hint" className="muted">
          {t('For example 3511 AB, 2000 or Utrecht')}
        </p>
      </form>
      {stores.status === 'loading' ? <Loader /> : null}
      {stores.status === 'error' ? <p role="alert">{t('Could not load locations, please try again!')}</p> : null}
      {stores.status === 'success' && query ? (
        list.length ? (
          <h2 className="store-results-title">{t('Stores nearest to {place}', { place: query })}</h2>
        ) : (
          <div role="alert">
            <p>{t('Could not find the closest store.')}</p>
            <Button variant="secondary" onClick={() => setQuery('')}>
              {t('Show all stores')}
            </Button>
          </div>
        )
      ) : null}
      {byCountry(list).map(([country, group]) => (
        <section key={country} className="store-group" aria-label={countryName(country)}>
          <h2>{countryName(country)}</h2>
          <ul className="store-list">
            {group.map((s) => (
              <li key={s.slug}>
                <StoreCard store={s} now={now} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const capitalise = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

function OpeningHours({ store, now }: { store: StoreLocation; now: Date }) {
  const today = openingToday(store.opening_hours, now);
  return (
    <table className="store-hours">
      <tbody>
        {store.opening_hours.map((h) => {
          const isToday = h === today;
          return (
            <tr key={h.day} className={isToday ? 'is-today' : undefined} aria-current={isToday ? 'date' : undefined}>
              <th scope="row">
                {capitalise(h.day)}
                {isToday ? <span className="store-today"> ({t('Today')})</span> : null}
              </th>
              <td>{h.closed || !h.open || !h.close ? t('Closed') : `${h.open} – ${h.close}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A store's page `/w/winkels/{slug}` (spec 001 §2): full address with house number, open now, the week's opening
 * hours with today marked, services, phone and e-mail links and a route in the shopper's maps app.
 */
export function StorePage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  return <StoreView slug={slug} />;
}

/** One store's page, also where the URL dispatcher resolves `/winkels/{slug}` (spec 000 §2 fallback step 3). */
export function StoreView({ slug }: { slug: string }) {
  const loaded = useAsync(prefetchKey.store(slug), () => fetchStore(slug));
  const store = loaded.data;
  useDocumentTitle(store?.name ?? t('Stores'));
  if (loaded.status === 'loading') return <Loader />;
  if (loaded.status === 'error')
    return (
      <div className="page">
        <p role="alert">{t('Could not load locations, please try again!')}</p>
        <Button variant="secondary" onClick={loaded.reload}>
          {t('Try again')}
        </Button>
      </div>
    );
  if (!store) return <NotFoundPage />;
  const now = new Date();
  return (
    <div className="page store-page">
      <h1>{store.name}</h1>
      <p>
        <OpenNow store={store} now={now} />
      </p>
      <section aria-labelledby="store-address">
        <h2 id="store-address">{t('Address')}</h2>
        <address className="store-address">
          {store.street} {store.house_number}
          <br />
          {store.postcode} {store.city}
          <br />
          {countryName(store.country_id)}
        </address>
        <a className="btn btn-secondary" href={routeHref(store)} target="_blank" rel="noopener noreferrer">
          {t('Plan your route')}
        </a>
      </section>
      <section aria-labelledby="store-contact">
        <h2 id="store-contact">{t('Contact')}</h2>
        <ul className="store-contact">
          {store.phone ? (
            <li>
              <a href={telHref(store.phone)}>{store.phone}</a>
            </li>
          ) : null}
          {store.email ? (
            <li>
              <a href={`mailto:${store.email}`}>{store.email}</a>
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="store-hours">
        <h2 id="store-hours">{t('Opening hours')}</h2>
        <OpeningHours store={store} now={now} />
      </section>
      {store.services.length ? (
        <section aria-labelledby="store-services">
          <h2 id="store-services">{t('Services')}</h2>
          <ul className="store-services">
            {store.services.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to="/winkels/">{t('All stores')}</Link>
    </div>
  );
}
