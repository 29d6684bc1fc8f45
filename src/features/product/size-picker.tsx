import { useState } from 'react';
import type { ConfigurableChild, Product } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { convertSize, DEFAULT_SIZE_SYSTEM, SIZE_SYSTEMS, type SizeConversion, type SizeSystem } from './size-systems.ts';
import { stockState } from './stock-state.ts';

/** Size options of a configurable product; each option is a child variant. Sold-out sizes stay visible but disabled. */
export function SizePicker({
  product,
  selected,
  onChoose,
}: {
  product: Product;
  selected: ConfigurableChild | null;
  onChoose: (value: string) => void;
}) {
  const [system, setSystem] = useState<SizeSystem>(DEFAULT_SIZE_SYSTEM);
  const option = product.configurable_options?.find((o) => o.attribute_code === 'size');
  if (!option) return null;
  const conversion = product.size_conversion as SizeConversion | undefined;
  const children = product.configurable_children ?? [];
  const hasConversion = conversion && Object.keys(conversion).length > 0;
  return (
    <fieldset className="option-group" id="size-picker" tabIndex={-1}>
      <legend>
        {t('Size')}
        {selected ? (
          <>
            : <strong>{convertSize(conversion, String(selected.size_label ?? ''), system)}</strong>
          </>
        ) : null}
      </legend>
      {hasConversion ? (
        <label className="size-system">
          <span>{t('Size system')}</span>
          <select value={system} onChange={(e) => setSystem(e.target.value as SizeSystem)}>
            {SIZE_SYSTEMS.map((s) => (
              <option key={s} value={s}>
                {s.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className="size-list">
        {option.values.map((v) => {
          const value = String(v.value_index);
          const child = children.find((c) => String(c.size) === value);
          const soldOut = !child || stockState(child.stock) === 'out_of_stock';
          const isSelected = selected ? String(selected.size) === value : false;
          return (
            <li key={value}>
              <button
                type="button"
                className={`size-option${isSelected ? ' is-selected' : ''}${soldOut ? ' is-sold-out' : ''}`}
                aria-pressed={isSelected}
                disabled={soldOut}
                onClick={() => onChoose(value)}
                aria-label={`${t('Size')} ${convertSize(conversion, v.label, system)}${soldOut ? `, ${t('Out of stock')}` : ''}`}
              >
                {convertSize(conversion, v.label, system)}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
