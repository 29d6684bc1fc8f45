import type { ConfigurableChild, Product } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import {
  convertsSizes,
  DEFAULT_SIZE_SYSTEM,
  parseSizeSystem,
  SIZE_SYSTEM_LABELS,
  SIZE_SYSTEMS,
  sizeShown,
  type SizeConversion,
  type SizeSystem,
} from '../../../domain/catalog/size-conversion.ts';
import { stockState } from '../../../domain/catalog/stock-state.ts';
import { SizeGuide } from './size-guide.tsx';

/** The systems to choose from, the shop's default (UK) first. */
const SYSTEM_CHOICES = [DEFAULT_SIZE_SYSTEM, ...SIZE_SYSTEMS.filter((s) => s !== DEFAULT_SIZE_SYSTEM)];

/** Size options of a configurable product; each option is a child variant. Sold-out sizes stay visible but disabled. */
export function SizePicker({
  product,
  selected,
  onChoose,
  system,
  onSystem,
}: {
  product: Product;
  selected: ConfigurableChild | null;
  onChoose: (value: string) => void;
  /** The size system the shopper reads sizes in; the product page keeps it, since the cart line shows it too. */
  system: SizeSystem;
  onSystem: (system: SizeSystem) => void;
}) {
  const option = product.configurable_options?.find((o) => o.attribute_code === 'size');
  if (!option) return null;
  const conversion = product.size_conversion as SizeConversion | undefined;
  const children = product.configurable_children ?? [];
  const labels = option.values.map((v) => v.label);
  const hasConversion = convertsSizes(conversion, labels, DEFAULT_SIZE_SYSTEM);
  const show = (label: string) => sizeShown(conversion, labels, label, system);
  return (
    <fieldset className="option-group" id="size-picker" tabIndex={-1}>
      <legend>
        {t('Size')}
        {selected ? (
          <>
            : <strong>{show(String(selected.size_label ?? ''))}</strong>
          </>
        ) : null}
      </legend>
      {hasConversion ? (
        <div className="size-tools">
          <label className="size-system">
            <span>{t('Size system')}</span>
            <select value={system} onChange={(e) => onSystem(parseSizeSystem(e.target.value))}>
              {SYSTEM_CHOICES.map((s) => (
                <option key={s} value={s}>
                  {SIZE_SYSTEM_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <SizeGuide
            option={option}
            conversion={conversion}
            selectedLabel={selected ? String(selected.size_label ?? '') : null}
            system={system}
          />
        </div>
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
                aria-label={`${t('Size')} ${show(v.label)}${soldOut ? `, ${t('Out of stock')}` : ''}`}
              >
                {show(v.label)}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
