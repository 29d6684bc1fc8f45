import { t } from '../../lib/i18n/index.ts';
import { openModal, type SizeGuidePayload } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';

/**
 * The size guide's link (spec 001 §2 "product detail with size guide"): it opens the named modal 'size-guide'
 * (./size-guide-modal.tsx) with this product's sizes.
 */
export function SizeGuide(props: SizeGuidePayload) {
  return (
    <Button
      variant="link"
      className="size-guide-link"
      aria-haspopup="dialog"
      onClick={() => openModal('size-guide', props)}
    >
      {t('Size guide')}
    </Button>
  );
}
