import type { EngineDriver, EngineName } from './engine-page.ts';
import { openChromium } from './chromium.ts';
import { openFirefox } from './firefox.ts';
import { openWebKit } from './webkit.ts';

export { Shopper, PHONE_SIZE, type EngineName, type Target } from './engine-page.ts';

/** The engines the key journeys run in: every one unless ENGINES names some (`ENGINES=webkit npm run test:e2e`). */
export const ENGINES: EngineName[] = (process.env.ENGINES?.split(',') as EngineName[] | undefined) ?? [
  'chromium',
  'webkit',
  'firefox',
];

/** A fresh browser of that engine with an empty profile, on a phone-sized page. */
export function openEngine(engine: EngineName): Promise<EngineDriver> {
  if (engine === 'webkit') return openWebKit();
  if (engine === 'firefox') return openFirefox();
  return openChromium();
}
