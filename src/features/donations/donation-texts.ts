import { featureTexts } from '../../lib/i18n/index.ts';

/** The donation pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Donate': 'Doneren',
  'How often do you give?': 'Hoe vaak geef je?',
  'Amount': 'Bedrag',
  'Other amount (€ 1 to € 10,000)': 'Ander bedrag (€ 1 tot € 10.000)',
  'The payment methods could not be loaded.': 'De betaalmethoden konden niet worden geladen.',
  'Name': 'Naam',
  'Donating needs an internet connection. You are offline.':
    'Doneren kan alleen met een internetverbinding. Je bent nu offline.',
  '{amount} per month': '{amount} per maand',
  'Your donation cannot be shown right now. Try again when you are online.':
    'Je donatie kan nu niet worden getoond. Probeer het opnieuw zodra je online bent.',
  'Donate again': 'Opnieuw doneren',
} as const);
