import { featureTexts } from '../../lib/i18n/index.ts';

/** The diagnostics pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Storage diagnostics': 'Opslagdiagnose',
  'Storage': 'Opslag',
  'Memory only (this session)': 'Alleen in het geheugen (deze sessie)',
  'On this device': 'Op dit apparaat',
  'Reason': 'Reden',
  'Read errors / write errors / timeouts': 'Leesfouten / schrijffouten / time-outs',
  'Estimated size (spec estimate)': 'Geschatte omvang',
  'Used / quota (browser)': 'Gebruikt / quotum (browser)',
  'Last purge': 'Laatste opschoning',
  '{entries} cache entries on {date}': '{entries} cache-items op {date}',
  'None': 'Geen',
  'Kept under storage pressure': 'Blijvend bewaard bij ruimtegebrek',
  'Yes': 'Ja',
  'No': 'Nee',
  'Written back to the device': 'Teruggeschreven naar het apparaat',
  'App version': 'Appversie',
  'Server version': 'Serverversie',
  'Data update': 'Gegevensupdate',
  '{collection} v{from} → v{to}: updated ({ms} ms)': '{collection} v{from} → v{to}: bijgewerkt ({ms} ms)',
  '{collection} v{from} → v{to}: FAILED, {kept} kept as they were ({error})':
    '{collection} v{from} → v{to}: MISLUKT, {kept} ongewijzigd bewaard ({error})',
} as const);
