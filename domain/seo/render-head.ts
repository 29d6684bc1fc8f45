import type { PageHead } from './page-head.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * JSON inside `<script type="application/ld+json">`: `<` is escaped so a product text holding `</script>` cannot end
 * the element (the JSON value is unchanged for a parser).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head as HTML, one tag per line, every text escaped. */
export function renderHead(head: PageHead): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.robots) lines.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const a of head.alternates) {
    lines.push(`<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`);
  }
  for (const [property, content] of Object.entries(head.openGraph)) {
    lines.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  }
  for (const data of head.jsonLd) lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return lines.join('\n');
}
