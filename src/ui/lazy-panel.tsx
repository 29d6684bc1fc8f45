import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { t } from '../lib/i18n/index.ts';

/**
 * A component whose code loads the first time it is rendered. Panels a shopper opens by a tap (an edit sheet, a
 * modal's contents, the diagnostics) stay out of the first page's JavaScript (docs/benchmarks.md: entry and first route
 * ≤ 150 KB gzip); the service worker precaches their chunks, so offline they open as they would online. Render it
 * only while it is wanted.
 */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  // Code that cannot be fetched (offline before the service worker holds it) says so in place of the panel, never
  // the router's error page for the whole page; the panel's next showing asks for the code again.
  const loadOnce = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch {
        Loaded = loadOnce();
        return { default: PanelUnavailable as ComponentType<P> };
      }
    });
  let Loaded = loadOnce();
  return function LazyPanel(props: P) {
    // a shown panel keeps the code it asked for; a failed one is asked again by the next panel shown, not in a loop
    const [Current] = useState(() => Loaded);
    return (
      <Suspense fallback={fallback}>
        <Current {...props} />
      </Suspense>
    );
  };
}

function PanelUnavailable() {
  return (
    <p className="field-error" role="alert">
      {t('This part cannot be loaded now. Check your connection and try again.')}
    </p>
  );
}

/** True from the first time `open` is true: a lazily loaded sheet stays mounted after that, so it can animate shut. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
