import type { JourneyStep } from '../../../worker/api-types.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';

/** Each step's name as the shopper reads it. */
export const JOURNEY_STEP_LABELS: Record<JourneyStep, MessageKey> = {
  fibre: 'Fibre',
  spinning: 'Spinning',
  weaving: 'Weaving',
  knitting: 'Knitting',
  tanning: 'Tanning',
  dyeing: 'Dyeing',
  confection: 'Confection',
  finishing: 'Finishing',
};
