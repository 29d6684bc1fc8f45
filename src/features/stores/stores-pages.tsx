import { Link, useParams } from '@tanstack/react-router';
import { prefetchKey } from '../../../domain/page-data.ts';
import { t } from '../../lib/i18n/index.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';

interface StoreLocation {
  name: string;
  slug: string;
  city?: string;
  street?: string;
  postcode?: string;
  phone?: string;
  opening_hours?: unknown;
  [k: string]: unknown;
}

/** Stores are a GET the service worker caches; fetched directly like CMS content. */
async function fetchStores(): Promise<StoreLocation[]> {
  const res = await fetch('/api/stores', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`stores ${res.status}`);
  const body = (await res.json()) as { result?: StoreLocation[] | { locations?: StoreLocation[] } };
  const r = body.result;
  return Array.isArray(r) ? r : (r?.locations ?? []);
}

export function StoreLocatorPage() {
  useDocumentTitle(t('Stores'));
  const stores = useAsync(prefetchKey.stores(), fetchStores);
  return (
    <div className="page">
      <h1>{t('Find a store')}</h1>
      <p>{t('Visit one of our stores for personal advice.')}</p>
      {stores.status === 'loading' ? <Loader /> : null}
      {stores.status === 'error' ? <p>{t('Could not load locations, please try again!')}</p> : null}
      <ul className="store-list">
        {(stores.data ?? []).map((s) => (
          <li key={s.slug}>
            <Link to={`/w/winkels/${s.slug}`}>
              <strong>{s.name}</strong>
              {s.city ? <span className="muted"> · {s.city}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StorePage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const stores = useAsync(prefetchKey.stores(), fetchStores);
  const store = stores.data?.find((s) => s.slug === slug);
  useDocumentTitle(store?.name ?? t('Stores'));
  if (stores.status === 'loading') return <Loader />;
  if (!store)
    return (
      <div className="page">
        <EmptyState title={t('Page not found')} linkTo="/winkels/" linkLabel={t('Find a store')} />
      </div>
    );
  return (
    <div className="page">
      <h1>{store.name}</h1>
      <address>
        {store.street}
        <br />
        {store.postcode} {store.city}
      </address>
      {store.phone ? <p>{String(store.phone)}</p> : null}
      <Link to="/winkels/">{t('Find a store')}</Link>
    </div>
  );
}
