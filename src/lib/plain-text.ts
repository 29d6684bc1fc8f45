/**
 * Catalogue descriptions arrive as HTML. Rendering HTML from the API would need a sanitiser in the main bundle; the
 * shop's descriptions are paragraphs, so they are shown as text with paragraph breaks kept.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
