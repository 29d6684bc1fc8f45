import type { Product } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Table } from '../../ui/table.tsx';
import {
  convertSize,
  SIZE_SYSTEM_LABELS,
  SIZE_SYSTEMS,
  type SizeConversion,
  type SizeSystem,
} from '../../../domain/catalog/size-conversion.ts';
import { usePanelModal } from './panel-modal.ts';

type SizeOption = NonNullable<Product['configurable_options']>[number];

/**
 * The size guide (spec 001 §2 "product detail with size guide"; the size panel of §4): this product's sizes in every
 * size system of spec 000 §9, from the product's own conversion table. The row of the chosen size and the column of
 * the system the picker shows are marked, so the shopper reads their size across.
 */
export function SizeGuide({
  option,
  conversion,
  selectedLabel,
  system,
}: {
  option: SizeOption;
  conversion: SizeConversion;
  selectedLabel: string | null;
  system: SizeSystem;
}) {
  const panel = usePanelModal('size');
  const columns = [t('Our size'), ...SIZE_SYSTEMS.map((s) => SIZE_SYSTEM_LABELS[s])];
  return (
    <>
      <Button variant="link" className="size-guide-link" aria-haspopup="dialog" onClick={panel.show}>
        {t('Size guide')}
      </Button>
      <Modal open={panel.open} title={t('Size guide')} onClose={panel.hide}>
        <p className="muted">{t('The sizes of this product in every size system.')}</p>
        <div className="size-guide-scroll">
          <Table className="size-guide-table" columns={columns}>
            {option.values.map((v) => {
              const chosen = v.label === selectedLabel;
              return (
                <tr
                  key={v.value_index}
                  className={chosen ? 'is-selected' : undefined}
                  aria-current={chosen || undefined}
                >
                  <th scope="row">{v.label}</th>
                  {SIZE_SYSTEMS.map((s) => (
                    <td key={s} className={s === system ? 'is-current-system' : undefined}>
                      {convertSize(conversion, v.label, s)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </Table>
        </div>
      </Modal>
    </>
  );
}
