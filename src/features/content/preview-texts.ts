import { featureTexts } from '../../lib/i18n/index.ts';

/** The preview pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts({
  'Preview': 'Voorbeeldweergave',
  'This preview only opens from the content editor.': 'Deze voorbeeldweergave opent alleen vanuit de contenteditor.',
  'This story does not exist (any more).': 'Deze pagina bestaat niet (meer).',
  'The editor link is invalid or has expired.':
    'De link van de editor is ongeldig of verlopen. Open de voorbeeldweergave opnieuw vanuit de editor.',
  'The draft could not be loaded. Check your connection.':
    'Het concept kon niet worden geladen. Controleer je internetverbinding.',
} as const);
