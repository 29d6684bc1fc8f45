import { featureTexts } from '../../lib/i18n/index.ts';

/** The wishlist pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts(
  {
    'Your wishlist is empty': 'Je verlanglijst is leeg',
    'Tap the heart on a product to save it for later.':
      'Tik op het hartje bij een product om het te bewaren voor later.',
    'Move to cart': 'In winkelwagen',
  } as const,
  {
    'Move to cart': 'In winkelmandje',
  },
);
