import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

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
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** True from the first time `open` is true: a lazily loaded sheet stays mounted after that, so it can animate shut. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
