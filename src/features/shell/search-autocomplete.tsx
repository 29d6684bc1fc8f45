import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { AutocompleteResult } from '../../../worker/api-types.ts';
import { isValidSearchTerm } from '../../../domain/validation/index.ts';
import { t } from '../../lib/i18n/index.ts';
import { closePanel } from '../../lib/panels.ts';
import { plainText } from '../../lib/plain-text.ts';
import { notifySearchProvider } from '../../lib/search-provider.ts';
import { shop } from '../../lib/shop.ts';
import { Icon } from '../../ui/icon.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { Price } from '../../ui/price.tsx';

/**
 * How long typing must pause before the provider is asked. The spec names no autocomplete debounce; 250 ms is below
 * the pause between words and keeps a fast typist to one request per word (docs/catalogue-and-search.md "Search").
 */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

type Option =
  | { kind: 'phrase'; id: string; q: string }
  | { kind: 'product'; id: string; tile: AutocompleteResult['products'][number] };

function optionsOf(result: AutocompleteResult | null, baseId: string): Option[] {
  if (!result) return [];
  return [
    ...result.phrases.map((q, i): Option => ({ kind: 'phrase', id: `${baseId}-phrase-${i}`, q })),
    ...result.products.map((tile, i): Option => ({ kind: 'product', id: `${baseId}-product-${i}`, tile })),
  ];
}

/**
 * The header's search field with the provider's suggestions (spec 001 §7 "POST autocomplete"): phrases and
 * products in a listbox under a combobox (WAI-ARIA combobox pattern): arrows move through the options, Enter picks
 * the active one (or searches what is typed), Escape closes the list, and a polite status says how many there are.
 * The worker answers from its cache offline, so a query typed before still has its suggestions on the train.
 */
export function SearchAutocomplete() {
  const navigate = useNavigate();
  const baseId = useId().replace(/:/g, '');
  const listId = `${baseId}-list`;
  const [q, setQ] = useState('');
  const [result, setResult] = useState<AutocompleteResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  useEffect(() => {
    const words = q.trim();
    // every change of the words makes an answer still on its way stale, also when they become too short to ask
    const ask = ++asked.current;
    if (isValidSearchTerm(words) !== null) {
      setResult(null);
      return;
    }
    const timer = setTimeout(() => {
      shop()
        .autocomplete(words)
        .then(
          (answer) => {
            // only the answer to what is typed now; an older, slower answer is dropped
            if (ask !== asked.current) return;
            setResult(answer);
            setActive(-1);
          },
          () => ask === asked.current && setResult(null),
        );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const options = optionsOf(result, baseId);
  const expanded = open && options.length > 0;

  const searchFor = (words: string) => {
    setOpen(false);
    closePanel();
    void navigate({ to: '/catalogsearch/result/', search: { q: words.trim() } as never });
  };
  const choose = (option: Option) => {
    if (option.kind === 'phrase') {
      setQ(option.q);
      searchFor(option.q);
      return;
    }
    setOpen(false);
    closePanel();
    notifySearchProvider({ type: 'click', ticket: option.tile.ticket });
    void navigate({ to: option.tile.link });
  };

  return (
    <form
      className="search-form header-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (expanded && active >= 0) choose(options[active]);
        else searchFor(q);
      }}
    >
      <div className="autocomplete">
        <label htmlFor="header-q" className="visually-hidden">
          {t('Search products')}
        </label>
        <input
          id="header-q"
          name="q"
          type="search"
          placeholder={t('Search products')}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? options[active].id : undefined}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          // a tap on an option lands before the blur; the list closes after it
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              if (!options.length) return;
              e.preventDefault();
              setOpen(true);
              const last = options.length - 1;
              // the list wraps round, as a listbox does
              if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
              else setActive((i) => (i <= 0 ? last : i - 1));
            } else if (e.key === 'Escape') {
              if (expanded) {
                e.preventDefault();
                setOpen(false);
                setActive(-1);
              } else if (q) {
                e.preventDefault();
                setQ('');
              }
            }
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('Search suggestions')}
          className="autocomplete-list"
          hidden={!expanded}
        >
          {options.map((option, i) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={i === active}
              className={`autocomplete-option autocomplete-${option.kind}${i === active ? ' is-active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'phrase' ? (
                <>
                  <Icon name="search" />
                  <span>{option.q}</span>
                </>
              ) : (
                <>
                  <ProductImage image={option.tile.images.main ?? undefined} alt="" kind="thumb" />
                  <span className="autocomplete-product">
                    <span className="autocomplete-name">{plainText(option.tile.title)}</span>
                    <Price
                      price={option.tile.price}
                      special={
                        option.tile.final_price_incl_tax < option.tile.price
                          ? option.tile.final_price_incl_tax
                          : undefined
                      }
                    />
                  </span>
                </>
              )}
            </li>
          ))}
          {result?.offline ? (
            <li role="presentation" className="autocomplete-note muted">
              {t('Suggestions saved on this device (offline)')}
            </li>
          ) : null}
        </ul>
        <p className="visually-hidden" role="status" aria-live="polite">
          {expanded ? t('{count} suggestions, choose with the arrow keys', { count: options.length }) : ''}
        </p>
      </div>
      <button type="submit" className="header-icon" aria-label={t('Search')}>
        <Icon name="search" />
      </button>
    </form>
  );
}
