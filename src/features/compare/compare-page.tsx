import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CompareColumn, CompareTable } from '../../../worker/api-types.ts';
import { toEuros } from '../../../domain/money.ts';
import { useCompareList } from '../../lib/compare.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { t } from './compare-texts.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useCommand } from '../../lib/use-command.ts';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Price } from '../../ui/price.tsx';
import { ProductImage } from '../../ui/product-image.tsx';

const euros = (cents: number | null) => (cents === null ? undefined : toEuros(cents));

function ProductHead({ column }: { column: CompareColumn }) {
  const remove = useCommand(() => shop().removeFromCompare(column.sku));
  return (
    <th scope="col" className="compare-product" data-sku={column.sku}>
      <Link to={column.href} className="compare-product-link">
        <ProductImage image={column.image ?? undefined} alt={column.name} kind="thumb" />
        <span className="compare-product-name">{column.name}</span>
      </Link>
      <button type="button" className="btn btn-link" disabled={remove.pending} onClick={() => void remove.run()}>
        {/* named "Verwijderen <product> uit je vergelijking": starting with the visible label (WCAG 2.5.3) */}
        {t('Remove')}
        <span className="visually-hidden"> {t('{name} from your comparison', { name: column.name })}</span>
      </button>
    </th>
  );
}

/** One row of the table: the attribute's name as the row header, then one cell per product. */
function Row({ label, cells }: { label: string; cells: ReactNode[] }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}

function CompareGrid({ table }: { table: CompareTable }) {
  const { columns } = table;
  return (
    // The table scrolls sideways inside its own box, so a phone page never does (docs/catalogue-and-search.md "Compare list").
    <div className="compare-scroll" role="region" aria-label={t('Comparison')} tabIndex={0}>
      <table className="compare-table">
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <ProductHead key={c.sku} column={c} />
            ))}
          </tr>
        </thead>
        <tbody>
          <Row
            label={t('Price')}
            cells={columns.map((c) => (
              <Price price={euros(c.priceCents)} special={euros(c.specialPriceCents)} />
            ))}
          />
          <Row label={t('Colour')} cells={columns.map((c) => c.colour || '–')} />
          <Row
            label={t('Sizes available')}
            cells={columns.map((c) => (c.sizes.length ? c.sizes.join(', ') : t('Out of stock')))}
          />
          {table.rows.map((row) => (
            <Row key={row.code} label={row.label} cells={columns.map((c) => c.attributes[row.code] || '–')} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The compare page (spec 000 §2 page type "compare"): the listed products side by side, also offline. */
export function ComparePage() {
  useDocumentTitle(t('Compare products'));
  const list = useCompareList();
  const key = list ? list.skus.join('|') : null;
  const table = useAsync(key, () => shop().compareProducts());
  if (!list || (table.status === 'loading' && !table.data)) return <Loader />;
  if (list.skus.length === 0) {
    return (
      <EmptyPage
        title={t('Nothing to compare yet')}
        text={t('Tap "Compare" on up to {limit} products to see them side by side.', { limit: list.limit })}
        linkLabel={t('Continue shopping')}
      />
    );
  }
  if (!table.data) return <EmptyPage title={t('Something went wrong')} linkLabel={t('Continue shopping')} />;
  return (
    <div className="page compare-page">
      <h1>{t('Compare products')}</h1>
      {table.data.missing.length ? (
        <p className="notice notice-warning" role="status">
          {t('{count} products cannot be shown while offline.', { count: table.data.missing.length })}
        </p>
      ) : null}
      <CompareGrid table={table.data} />
    </div>
  );
}
