import { useEffect, useState } from 'react';
import { formatDate } from '../../../domain/datetime.ts';
import { getLocale } from '../../lib/i18n/index.ts';
import { t } from './diagnostics-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';

function kilobytes(bytes: number | null): string {
  if (bytes === null) return '–';
  return `${(bytes / 1024).toLocaleString(getLocale(), { maximumFractionDigits: 1 })} kB`;
}

/** Whether the browser keeps this origin's storage under pressure (asked for installed shoppers). */
function usePersisted(): boolean | null {
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    navigator.storage
      ?.persisted?.()
      .then(setPersisted)
      .catch(() => setPersisted(null));
  }, []);
  return persisted;
}

/**
 * The device storage at a glance (spec 001 §4 "Offline cache"), behind `?diagnostics=1`: where the database lives,
 * the error counters, the quota against the spec's size estimate, the last purge, the last schema migrations (a failed
 * one says so: its documents were kept as they were), and the versions of this device's
 * build and of the server (docs/api.md "Versions").
 */
export function StorageDiagnostics() {
  const status = useLiveQuery({ name: 'storage' });
  const persisted = usePersisted();
  // asked once the page is shown: by then the app has had its first answers, each naming the server's version
  const versions = useAsync('versions', () => shop().versions());
  if (!status) return null;
  const rows: [string, string][] = [
    [t('Storage'), status.mode === 'memory' ? t('Memory only (this session)') : t('On this device')],
    [t('Read errors / write errors / timeouts'), `${status.readErrors} / ${status.writeErrors} / ${status.timeouts}`],
    [t('Estimated size (spec estimate)'), kilobytes(status.estimatedBytes)],
    [t('Used / quota (browser)'), `${kilobytes(status.usage)} / ${kilobytes(status.quota)}`],
    [
      t('Last purge'),
      status.lastPurge
        ? t('{entries} cache entries on {date}', {
            entries: status.lastPurge.entries,
            date: formatDate(status.lastPurge.at),
          })
        : t('None'),
    ],
    [t('Kept under storage pressure'), persisted === null ? '–' : persisted ? t('Yes') : t('No')],
  ];
  if (status.reason) rows.splice(1, 0, [t('Reason'), status.reason]);
  if (status.writtenBackAt) rows.push([t('Written back to the device'), formatDate(status.writtenBackAt)]);
  // the last schema migrations of this device (docs/offline-and-storage.md "Schema migrations"), newest first
  for (const m of status.migrations) {
    const names = { collection: m.collection, from: m.from, to: m.to };
    rows.push([
      t('Data update'),
      m.status === 'failed'
        ? t('{collection} v{from} → v{to}: FAILED, {kept} kept as they were ({error})', {
            ...names,
            kept: m.keptAsTheyWere ?? 0,
            error: m.error ?? '–',
          })
        : t('{collection} v{from} → v{to}: updated ({ms} ms)', { ...names, ms: Math.round(m.ms) }),
    ]);
  }
  rows.push([t('App version'), versions.data?.app ?? '–'], [t('Server version'), versions.data?.server ?? '–']);
  return (
    <section className="storage-diagnostics" aria-labelledby="storage-diagnostics-title">
      <h2 id="storage-diagnostics-title">{t('Storage diagnostics')}</h2>
      <dl>
        {rows.map(([label, value], index) => (
          <div key={`${index}-${label}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
