import { useState } from 'react';
import type { CartLineView, ConfigurableChild, Product, ProductView } from '../../../worker/api-types.ts';
import { cartLineDisplay } from '../../../domain/cart/line-display.ts';
import { stockState } from '../../../domain/catalog/stock-state.ts';
import {
  convertsSizes,
  DEFAULT_SIZE_SYSTEM,
  SIZE_SYSTEM_LABELS,
  sizeShown,
  type SizeConversion,
  type SizeSystem,
} from '../../../domain/catalog/size-conversion.ts';
import { t } from '../../lib/i18n/index.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useCommand } from '../../lib/use-command.ts';
import { Button } from '../../ui/button.tsx';
import { QtySelect } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';

/** Spec 001 §3 "Cart edit mode": productId, qty and selectedOptions keyed by option type. */
export interface CartEditMode {
  productId: string;
  qty: number;
  selectedOptions: Partial<Record<EditOptionType, EditOption>>;
}
export type EditOptionType = 'size' | 'color';
/** Spec 001 §3 option mapping: id, attribute_code, label. */
export interface EditOption {
  id: string;
  attribute_code: EditOptionType;
  label: string;
}

const OPTION_TYPES: EditOptionType[] = ['size', 'color'];

/** The options of one type; sizes read in the system the line was chosen in (the product page's), as the cart says. */
function optionsOf(product: Product, type: EditOptionType, system: SizeSystem = DEFAULT_SIZE_SYSTEM): EditOption[] {
  const option = product.configurable_options?.find((o) => o.attribute_code === type);
  const labels = (option?.values ?? []).map((v) => String(v.label));
  const conversion = product.size_conversion as SizeConversion | undefined;
  return (option?.values ?? []).map((v) => ({
    id: String(v.value_index),
    attribute_code: type,
    label: type === 'size' ? sizeShown(conversion, labels, String(v.label), system) : String(v.label),
  }));
}

/** "Maat (UK)" where the sizes are shown converted, so "40" is not read as an EU 40. */
function legendOf(product: Product, type: EditOptionType, system: SizeSystem): string {
  if (type === 'color') return t('Colour');
  const labels = product.configurable_options?.find((o) => o.attribute_code === type)?.values.map((v) => v.label) ?? [];
  return convertsSizes(product.size_conversion as SizeConversion | undefined, labels, system)
    ? `${t('Size')} (${SIZE_SYSTEM_LABELS[system]})`
    : t('Size');
}

function selectedOf(product: Product, child: ConfigurableChild | undefined): CartEditMode['selectedOptions'] {
  const selected: CartEditMode['selectedOptions'] = {};
  for (const type of OPTION_TYPES) {
    const hit = optionsOf(product, type).find((o) => child && String(child[type]) === o.id);
    if (hit) selected[type] = hit;
  }
  return selected;
}

function childFor(product: Product, selected: CartEditMode['selectedOptions']): ConfigurableChild | undefined {
  return (product.configurable_children ?? []).find((c) =>
    OPTION_TYPES.every((type) => !selected[type] || String(c[type]) === selected[type].id),
  );
}

/** Edit panel of one configurable cart line; `onClose` sets the edit mode back to null (spec 001 §4). */
export function CartEditPanel({ item, onClose }: { item: CartLineView; onClose: () => void }) {
  const parentSku = item.parentSku!;
  const view = useAsync<ProductView>(`cart-edit:${parentSku}`, () =>
    shop().loadProduct({ parentSku, childSku: item.sku }),
  );
  const product = view.data?.product;
  const system = item.display.size_system ?? DEFAULT_SIZE_SYSTEM;
  const [mode, setMode] = useState<CartEditMode | null>(null);
  const current: CartEditMode | null =
    mode ??
    (product
      ? {
          productId: parentSku,
          qty: item.qty,
          selectedOptions: selectedOf(
            product,
            product.configurable_children?.find((c) => c.sku === item.sku),
          ),
        }
      : null);
  const save = useCommand((child: ConfigurableChild, qty: number) =>
    shop().replaceItem(
      item.local_id,
      {
        sku: child.sku,
        parentSku,
        product: cartLineDisplay(product!, { sku: child.sku, size_system: system }),
        errors: product!.errors ?? {},
      },
      qty,
    ),
  );
  const child = product && current ? childFor(product, current.selectedOptions) : undefined;
  const close = () => {
    setMode(null);
    onClose();
  };
  return (
    <Modal open title={t('Change item')} onClose={close}>
      {view.error ? <p role="alert">{t('This product is not available.')}</p> : null}
      {product && current ? (
        <form
          className="cart-edit"
          onSubmit={(e) => {
            e.preventDefault();
            if (!child) return;
            void save.run(child, current.qty).then((result) => {
              if (result?.ok) close();
            });
          }}
        >
          {OPTION_TYPES.map((type) => {
            const options = optionsOf(product, type, system);
            if (options.length < 2) return null;
            return (
              <fieldset key={type} className="option-group">
                <legend>{legendOf(product, type, system)}</legend>
                <ul className="size-list">
                  {options.map((option) => {
                    const candidate = childFor(product, { ...current.selectedOptions, [type]: option });
                    const soldOut = !candidate || stockState(candidate.stock) === 'out_of_stock';
                    const isSelected = current.selectedOptions[type]?.id === option.id;
                    return (
                      <li key={option.id}>
                        <button
                          type="button"
                          className={`size-option${isSelected ? ' is-selected' : ''}${soldOut ? ' is-sold-out' : ''}`}
                          aria-pressed={isSelected}
                          disabled={soldOut}
                          aria-label={`${t(type === 'size' ? 'Size' : 'Colour')} ${option.label}`}
                          onClick={() =>
                            setMode({ ...current, selectedOptions: { ...current.selectedOptions, [type]: option } })
                          }
                        >
                          {option.label}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            );
          })}
          <QtySelect value={current.qty} onChange={(qty) => setMode({ ...current, qty })} />
          {!child ? <p role="alert">{t('This combination is not available.')}</p> : null}
          <div className="modal-actions">
            <Button type="button" variant="secondary" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={!child || save.pending}>
              {t('Save')}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
