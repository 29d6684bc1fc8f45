import { featureTexts } from '../../lib/i18n/index.ts';

/** The search pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Search results for "{q}"': 'Zoekresultaten voor ‘{q}’',
  'Search the shop': 'Zoeken in de winkel',
  'Type at least 3 characters to search.': 'Typ minimaal 3 tekens om te zoeken.',
  'No products found for "{q}".': 'Geen producten gevonden voor ‘{q}’.',
  'You are offline: searching needs a connection. Try again when you are online.':
    'Je bent offline: zoeken kan alleen met een verbinding. Probeer het opnieuw als je weer online bent.',
  'You are offline: these are the results found earlier.': 'Je bent offline: dit zijn eerder gevonden resultaten.',
  'Did you mean': 'Bedoelde je',
} as const);
