import { useState } from 'react';
import { priceBucketOf, priceBucketQueryKey, priceRangeLabel } from '../../domain/catalog/price-buckets.ts';
import type { AggregationBucket, AttributeMetadata, SearchResult } from '../../worker/api-types.ts';
import { t } from '../lib/i18n/index.ts';

/** Spec 000 §9 / 001 §9: facets show 5 attributes initially. */
export const INITIAL_FACETS = 5;

const LABELS: Record<string, string> = {
  price: 'Prijs',
  color: 'Kleur',
  size: 'Maat',
  brand: 'Merk',
  fit: 'Pasvorm',
  material: 'Materiaal',
  sleeve_length: 'Mouwlengte',
  collar: 'Kraag',
  pattern: 'Dessin',
};

function optionLabel(meta: AttributeMetadata | undefined, key: string | number): string {
  const opt = meta?.options?.find((o) => String(o.value) === String(key));
  return opt?.label ?? String(key);
}

/** An option's value in the route query: a price bucket's range key, an attribute option's value. */
function bucketValue(code: string, bucket: AggregationBucket): string {
  return code === 'price' ? priceBucketQueryKey(priceBucketOf(bucket)) : String(bucket.key);
}

export function Facets({
  result,
  selected,
  onToggle,
}: {
  result: SearchResult;
  selected: Record<string, string[]>;
  onToggle: (code: string, value: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  // The API names aggregations Elasticsearch-style ('agg_terms_color', 'agg_range_price'); the route query uses the code.
  // A facet's options are those with products, and every option the shopper ticked, so it can be unticked there too.
  const byCode = new Map<string, AggregationBucket[]>();
  for (const [key, agg] of Object.entries(result.aggregations ?? {})) {
    const code = key.replace(/^agg_(terms|range)_/, '');
    const all = agg?.buckets ?? [];
    const ticked = (b: AggregationBucket) => selected[code]?.includes(bucketValue(code, b)) ?? false;
    const buckets = all.filter((b) => b.doc_count > 0 || ticked(b));
    for (const value of selected[code] ?? []) {
      if (code !== 'price' && !all.some((b) => String(b.key) === value)) buckets.push({ key: value, doc_count: 0 });
    }
    if (buckets.length) byCode.set(code, buckets);
  }
  const codes = [...byCode.keys()];
  // Price first: it is the filter shoppers use most.
  codes.sort((a, b) => (a === 'price' ? -1 : b === 'price' ? 1 : 0));
  const shown = expanded ? codes : codes.slice(0, INITIAL_FACETS);
  return (
    <div className="facets">
      {shown.map((code) => {
        const meta = result.attributeMetadata?.find((m) => m.attribute_code === code);
        const label = meta?.frontend_label ?? LABELS[code] ?? code;
        return (
          <fieldset key={code} className="facet">
            <legend>{label}</legend>
            <ul>
              {byCode.get(code)!.map((b) => {
                const value = bucketValue(code, b);
                const checked = selected[code]?.includes(value) ?? false;
                const text = code === 'price' ? priceRangeLabel(priceBucketOf(b)) : optionLabel(meta, b.key);
                return (
                  <li key={value}>
                    <label className="facet-option">
                      <input type="checkbox" checked={checked} onChange={() => onToggle(code, value)} />
                      <span>{text}</span> <span className="facet-count">({b.doc_count})</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {codes.length > INITIAL_FACETS ? (
        <button type="button" className="btn btn-link" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
          {expanded ? t('less') : `${t('more')} (${codes.length - INITIAL_FACETS})`}
        </button>
      ) : null}
    </div>
  );
}
