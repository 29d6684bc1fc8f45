import type { Product } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import type { SizeGuidePayload } from '../../lib/modals.ts';
import { Table } from '../../ui/table.tsx';
import { convertSize, SIZE_SYSTEM_LABELS, SIZE_SYSTEMS } from '../../../domain/catalog/size-conversion.ts';

export type SizeOption = NonNullable<Product['configurable_options']>[number];

/** The size guide's payload (src/lib/modals.ts, named modal 'size-guide'). */
export type SizeGuideProps = SizeGuidePayload;

/**
 * This product's sizes in every size system of spec 000 §9, from the product's own conversion table. The row of the
 * chosen size and the column of the system the picker shows are marked, so the shopper reads their size across.
 */
export function SizeGuideTable({ option, conversion, selectedLabel, system }: SizeGuideProps) {
  const columns = [t('Our size'), ...SIZE_SYSTEMS.map((s) => SIZE_SYSTEM_LABELS[s])];
  return (
    // Wider than a phone's dialog it scrolls sideways: a tab stop with a name, as the compare table (WCAG 2.1.1).
    <div className="size-guide-scroll" role="region" aria-label={t('Size table')} tabIndex={0}>
      <Table className="size-guide-table" columns={columns}>
        {option.values.map((v) => {
          const chosen = v.label === selectedLabel;
          return (
            <tr key={v.value_index} className={chosen ? 'is-selected' : undefined} aria-current={chosen || undefined}>
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
  );
}
