import { featureTexts } from '../../lib/i18n/index.ts';

/** The compare pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Price': 'Prijs',
  '{name} from your comparison': '{name} uit je vergelijking',
  'Comparison': 'Vergelijking',
  'Compare products': 'Producten vergelijken',
  'Sizes available': 'Beschikbare maten',
  'Nothing to compare yet': 'Je vergelijking is nog leeg',
  'Tap "Compare" on up to {limit} products to see them side by side.':
    'Tik op "Vergelijk" bij maximaal {limit} producten om ze naast elkaar te zien.',
  '{count} products cannot be shown while offline.': '{count} product(en) kunnen offline niet worden getoond.',
} as const);
