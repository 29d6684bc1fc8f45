import { StrictMode, useEffect, type ReactNode } from 'react';

let hydrated = false;

/** Runs its callback when the hydrating render commits; as the tree's first child, before any effect of the page. */
function OnHydrated({ run }: { run?: () => void }) {
  useEffect(() => {
    if (hydrated || !run) return;
    hydrated = true;
    run();
  }, []);
  return null;
}

/**
 * The tree above the router, the same in the server's render and in the browser's hydration. React's `useId` derives
 * its ids from the tree's shape: a child only the browser had would give every id on the page (a label's `for`, a
 * list's `aria-controls`) another value than the HTML's, and React leaves such attributes as the server sent them.
 */
export function AppRoot({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  return (
    <StrictMode>
      <OnHydrated run={onHydrated} />
      {children}
    </StrictMode>
  );
}
