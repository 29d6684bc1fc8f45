/**
 * What may never reach a log line (docs/security.md "credentials are redacted from every logged URL"): every value that grants access.
 * Query parameters are matched by name after percent-decoding and case-insensitively, so `?%74oken=` and `?TOKEN=`
 * are caught like `?token=`; a name that carries a bracketed key (`_storyblok_tk[token]`) is matched by that key too.
 */
const SECRET_PARAMS = new Set([
  'token', // customer access token (spec 000 §6)
  'refreshtoken',
  'resettoken',
  'grouptoken',
  'password',
  'newpassword',
  'currentpassword',
  'cartid', // a guest cart id is the guest's only credential for the cart
  'quoteid',
  'previewtoken', // CMS drafts
  'order_id', // a guest reads and repeats an order with it
  'orderid',
  'paymentkey',
]);

/**
 * Paths whose segment is a credential: the payment page key (it can pay or cancel the order or donation), the order
 * and Flying Blue lookups, which take a guest's order_id in the path, and a donation's hash key (its lookup and its
 * status page, which the history fallback serves).
 */
const SECRET_PATHS: RegExp[] = [
  /^(\/pay\/)[^/]+/,
  /^(\/api\/order\/)[^/]+/,
  /^(\/api\/ext\/shop\/flying-blue\/redirect\/)[^/]+/,
  /^(\/api\/ext\/shop\/donation\/by-hash\/)[^/]+/,
  /^(\/mannen-voor-mannen\/donatie\/)[^/]+/,
];

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function isSecretName(raw: string): boolean {
  const name = decodeName(raw);
  if (SECRET_PARAMS.has(name)) return true;
  const bracketed = /\[([^\]]*)\]$/.exec(name);
  return bracketed !== null && SECRET_PARAMS.has(bracketed[1]);
}

/** A URL with every credential-bearing path segment and query value replaced, safe for logs. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  let path = q === -1 ? withoutHash : withoutHash.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, '$1[redacted]');
  if (q === -1) return path;
  const query = withoutHash
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      return eq !== -1 && isSecretName(name) ? `${name}=[redacted]` : part;
    })
    .join('&');
  return `${path}?${query}`;
}

/** 'demo@ofm-shop.nl' → 'd***@ofm-shop.nl': enough for an operator to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}
