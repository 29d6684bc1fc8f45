import { useEffect, useState } from 'react';
import { t } from '../lib/i18n/index.ts';
import { watchDeviceUpdate } from '../../worker/client.ts';

/**
 * "Je gegevens worden bijgewerkt… 40%": the worker is bringing this device's data to a new version's schemas before
 * the shop answers (docs/offline-and-storage.md "Schema migrations"). It says nothing when that is quick.
 */
export function DeviceUpdateNotice() {
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => watchDeviceUpdate((progress) => setPercent(progress.done ? null : progress.percent)), []);
  return (
    <div className="device-update" role="status" aria-live="polite" hidden={percent === null}>
      {percent === null ? null : t('Your data is being updated… {percent}%', { percent })}
    </div>
  );
}
