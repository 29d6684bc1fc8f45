import { featureTexts } from '../../lib/i18n/index.ts';

/** The store locator pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Could not find the closest store.': 'We konden de dichtstbijzijnde winkel niet vinden.',
  'Find a store': 'Vind een winkel',
  'Visit one of our stores for personal advice.': 'Kom langs in een van onze winkels voor persoonlijk advies.',
  'Postcode or city': 'Postcode of plaats',
  'For example 3511 AB, 2000 or Utrecht': 'Bijvoorbeeld 3511 AB, 2000 of Utrecht',
  'Stores nearest to {place}': 'Winkels het dichtst bij {place}',
  'Show all stores': 'Toon alle winkels',
  'Closed now': 'Nu gesloten',
  'Opening hours': 'Openingstijden',
  'Today': 'Vandaag',
  'Closed': 'Gesloten',
  'Services': 'Services',
  'Address': 'Adres',
  'Plan your route': 'Plan je route',
  'All stores': 'Alle winkels',
} as const);
