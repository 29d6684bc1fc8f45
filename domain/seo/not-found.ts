/**
 * The not-found page's texts (spec 000 §8 "page-not-found"), keyed by the English source text like every message:
 * the app's catalogue (src/lib/i18n/nl.ts) takes them from here, and the server puts the same Dutch page into the
 * shell it answers a 404 or 410 with, so a crawler or a browser without JavaScript reads it too.
 */
export const NOT_FOUND_TEXTS_NL = {
  'Page not found': 'Pagina niet gevonden',
  'Sorry, we could not find this page. It may have moved or no longer exists.':
    'Sorry, deze pagina bestaat niet (meer) of is verplaatst.',
  'Continue shopping': 'Verder winkelen',
} as const;
