import { HeadContent, Scripts, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { storeView } from '../lib/store-view.ts';
import { CONSENT_PENDING_SCRIPT } from '../lib/analytics/consent.ts';
import { ACCESSIBILITY_DEVICE_SCRIPT } from '../features/shell/accessibility-button.tsx';
import { EARLY_INPUT_KEEPER_ID, EARLY_INPUT_KEEPER_SCRIPT } from './early-input-keeper.ts';

/**
 * The keeper's text: the server's; the hydrating browser renders the element with the text it already has, so the
 * app's bundle does not carry a script that ran before it (the branch is removed from the client's build).
 */
function earlyInputKeeper(): string {
  if (import.meta.env.SSR) return EARLY_INPUT_KEEPER_SCRIPT;
  return document.getElementById(EARLY_INPUT_KEEPER_ID)?.textContent ?? '';
}

/**
 * The HTML document around the app when the server renders it (docs/server-rendering.md): index.html's head, the
 * current route's head tags (title, description, canonical; `head()` in router.tsx) and the router's scripts, which
 * carry the dehydrated page data and the app's entry. The browser hydrates this same tree.
 */
export function ShopDocument({ children }: { children: ReactNode }) {
  // the store view (src/lib/store-view.ts): the worker client reads data-store, texts and lang follow it
  const { storeCode, lang } = storeView();
  // The CSP nonce of the answer (docs/security.md); in the hydrating browser the router's, read from the page.
  const nonce = useRouter().options.ssr?.nonce;
  return (
    // suppressHydrationWarning: the head's first scripts mark <html> before React hydrates it
    <html lang={lang} data-store={storeCode} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b2430" />
        {/* first: a tap on the page as soon as it is drawn is kept, also while the rest of the page arrives */}
        <script id={EARLY_INPUT_KEEPER_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyInputKeeper() }} />
        {/* before the body: the consent banner shows from the first paint or not at all */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_PENDING_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ACCESSIBILITY_DEVICE_SCRIPT }} />
        <link rel="icon" href="/icons/favicon-48.png" type="image/png" sizes="48x48" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <HeadContent />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}
