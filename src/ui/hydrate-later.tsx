import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React may hydrate after the rest: the footer, the closed side menu, the bars
 * above the header. React hydrates a Suspense boundary in slices of its own once the page around it is hydrated, and
 * at once when a tap is aimed at it, so the first hydration (and a first tap's wait for it) covers only what the
 * shopper reaches first: the header and the page's own contents (docs/server-rendering.md "How a tap travels from the
 * first paint to the worker"). Nothing inside suspends: the server renders it in place, and the fallback is never shown.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
