const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}
form{display:inline}button{font:inherit;padding:.7rem 1.2rem;margin:1rem .5rem 0 0;border-radius:4px;cursor:pointer}
.pay{background:#0b3d2e;color:#fff;border:0}.cancel{background:#fff;border:1px solid #555}`;

/** `styleNonce`: the answer's CSP style nonce (docs/security.md), without which the page's <style> is refused. */
function page(title: string, body: string, styleNonce: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${escapeHtml(styleNonce)}">${STYLE}</style></head><body>${body}</body></html>`;
}

export interface PaymentView {
  paymentKey: string;
  /** What is being paid, label and value, in order: the order number or the cause, the amount, the method. */
  details: [label: string, value: string][];
  status: 'pending' | 'paid' | 'cancelled';
}

/** The local stand-in for the payment provider's page (docs/architecture.md: "a local payment page"), for orders and donations. */
export function paymentPage(p: PaymentView, styleNonce: string): string {
  const base = `/pay/${encodeURIComponent(p.paymentKey)}`;
  const actions =
    p.status === 'pending'
      ? `<form method="post" action="${base}/complete"><button class="pay" type="submit">Betalen</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Annuleren</button></form>`
      : `<p>Deze betaling is al ${p.status === 'paid' ? 'voltooid' : 'geannuleerd'}.</p>`;
  const details = p.details.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`);
  return page(
    'Betalen — OFM',
    `<main><h1>Betaling afronden</h1>
<dl>${details.join('\n')}</dl>
${actions}</main>`,
    styleNonce,
  );
}

export function paymentNotFoundPage(styleNonce: string): string {
  return page(
    'Betaling niet gevonden — OFM',
    '<main><h1>Betaling niet gevonden</h1><p><a href="/">Naar de winkel</a></p></main>',
    styleNonce,
  );
}
