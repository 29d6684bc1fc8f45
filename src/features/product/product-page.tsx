import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { ConfigurableChild, Product } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { notify } from '../../lib/notifications.ts';
import { openModal } from '../../lib/modals.ts';
import { useReloadWhenOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useProductCategoryTrail } from '../../lib/category-trail.ts';
import { plainText } from '../../lib/plain-text.ts';
import { Breadcrumbs, categoryCrumbs } from '../../ui/breadcrumbs.tsx';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Price } from '../../ui/price.tsx';
import { findConfigurableChild } from '../../../domain/catalog/configurable-child.ts';
import { cartLineDisplay, productSizeText } from '../../../domain/cart/line-display.ts';
import { DEFAULT_SIZE_SYSTEM, type SizeSystem } from '../../../domain/catalog/size-conversion.ts';
import { productPrices } from '../../../domain/catalog/product-prices.ts';
import { productPath } from '../../lib/product-link.ts';
import { ProductTiles } from '../../ui/product-tile.tsx';
import { WishlistHeart } from '../../ui/wishlist-heart.tsx';
import { CompareToggle } from '../../ui/compare-toggle.tsx';
import { PersonalPrice } from '../../ui/personal-price.tsx';
import { FailedPage, NotFoundPage } from '../../ui/missing-page.tsx';
import { Gallery } from './gallery.tsx';
import { SizePicker } from './size-picker.tsx';
import { StoreStockPanel } from './store-stock.tsx';
import { ReviewSummary } from './product-reviews.tsx';
import { TexTracerButton } from './tex-tracer.tsx';
import { STOCK_STATE_LABELS as STOCK_LABEL, stockState } from '../../../domain/catalog/stock-state.ts';
import { useColorRelations, useProduct } from './use-product.ts';
import { afterOk, trackAddToCart, useTrackViewItem } from '../../lib/analytics/events.ts';
import { notifySearchProvider } from '../../lib/search-provider.ts';
import { Recommendations } from '../../ui/recommendations.tsx';
import { RecentlyViewed } from '../../ui/recently-viewed.tsx';
import { useRememberViewed } from '../../lib/recently-viewed.ts';

const NO_SUCH_CONFIGURATION =
  'No such configuration for the product. Please do choose another combination of attributes.';

const label = (c: ConfigurableChild | Product, code: string) => String(c[`${code}_label`] ?? '');

function ColourPicker({ product, child }: { product: Product; child: ConfigurableChild | null }) {
  const relations = useColorRelations(product.sku);
  const siblings = relations.data ?? [];
  if (!product.color_label && siblings.length === 0) return null;
  const size = child ? label(child, 'size') : '';
  // Another colour keeps the chosen size when that colour has it.
  const hrefOf = (p: Product) => {
    const same = size ? p.configurable_children?.find((c) => label(c, 'size') === size) : undefined;
    return productPath(p, same?.sku);
  };
  return (
    <fieldset className="option-group">
      <legend>
        {t('Colour')}: <strong>{String(product.color_label ?? '')}</strong>
      </legend>
      <ul className="colour-list">
        <li>
          <span className="colour-swatch is-selected" aria-current="true">
            {String(product.color_label ?? product.name)}
          </span>
        </li>
        {siblings.slice(0, 20).map((p) => (
          <li key={p.sku}>
            <Link to={hrefOf(p)} className="colour-swatch">
              {String(p.color_label ?? p.name)}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function AddToCart({
  product,
  chosen,
  system,
  onAdded,
}: {
  product: Product;
  /** The size system the shopper reads sizes in: the cart line shows the size in it. */
  system: SizeSystem;
  /** The size the shopper chose last, also when its page is not rendered yet (a tap right after the size's tap). */
  chosen: () => ConfigurableChild | null;
  onAdded: () => void;
}) {
  const { run, pending } = useCommand((child: ConfigurableChild | null) =>
    shop()
      .addToCart({
        ...(child ? { sku: child.sku, parentSku: product.sku } : { sku: product.sku }),
        qty: 1,
        product: cartLineDisplay(product, { sku: child?.sku, size_system: system }),
        errors: product.errors ?? {},
      })
      .then(afterOk(() => trackAddToCart(product, child)))
      .then(
        afterOk(() => {
          notifySearchProvider({ type: 'add-to-cart', productKey: product.sku });
          onAdded();
        }),
      ),
  );
  const configurable = product.type_id === 'configurable';
  const noVariants = Boolean(product.errors?.variants);
  // Not disabled while an add is under way: a second tap is a second piece (every tap counts, docs/server-rendering.md).
  // Nor when sold out: out-of-stock items may be added (spec 000 §9); the line is kept, marked 'Out of the stock!'.
  const disabled = noVariants;
  return (
    <Button
      className="add-to-cart"
      disabled={disabled}
      aria-busy={pending || undefined}
      onClick={() => {
        const size = chosen();
        if (configurable && !size) {
          notify({ type: 'warning', message: 'Choose your size' });
          document.getElementById('size-picker')?.focus();
          return;
        }
        void run(size);
      }}
    >
      {pending ? t('Adding…') : t('Add to cart')}
    </Button>
  );
}

function Associated({ items }: { items: Product[] }) {
  if (!items.length) return null;
  return (
    <section className="associated">
      <h2>{t('Products in this set')}</h2>
      <ProductTiles products={items} className="product-grid" />
    </section>
  );
}

export function ProductView({ parentSku, childSku }: { parentSku: string; childSku?: string }) {
  const navigate = useNavigate();
  const view = useProduct(parentSku);
  const [sizeError, setSizeError] = useState(false);
  // spec 001 §7 ADD_TO_CART_RECS "after add to cart": what goes with the product just added
  const [added, setAdded] = useState(false);
  // spec 001 §3 "Product state: size_conversion default size_uk"; the cart line, store stock and order keep it
  const [sizeSystem, setSizeSystem] = useState<SizeSystem>(DEFAULT_SIZE_SYSTEM);
  // the product's reviews or its journey, each a modal of its own (spec 001 §2 "review", "tex tracer")
  // A size tapped whose page (the router's navigation) is not on the screen yet; undefined when there is none.
  const choice = useRef<ConfigurableChild | null | undefined>(undefined);
  const [, showChoice] = useReducer((shown: number) => shown + 1, 0);
  const product = view.data?.product;
  useDocumentTitle(product?.name);
  const trail = useProductCategoryTrail(product?.category_ids);
  useTrackViewItem(product);
  useRememberViewed(product);

  // A child sku used as parent (direct child access, spec 000 §4) shows the parent with that child chosen.
  useEffect(() => {
    if (product && product.sku !== parentSku) {
      void navigate({ to: productPath(product, childSku ?? parentSku), replace: true });
    }
  }, [product, parentSku, childSku, navigate]);

  // Only the worker's "may not be shown" (its error's name crosses comlink) is not found; a product not on this device
  // offline, or a load that failed, says so and loads itself again when the connection returns.
  const notFound = view.status === 'error' && (view.error as { name?: string })?.name === 'ProductUnavailableError';
  useReloadWhenOnline(view.status === 'error' && !notFound, view.reload);
  if (view.status === 'loading' && !product) return <Loader />;
  if (notFound) return <NotFoundPage />;
  if (view.status === 'error' || !product || !view.data) return <FailedPage error={view.error} />;

  const children = product.configurable_children ?? [];
  const child = childSku ? (children.find((c) => c.sku === childSku) ?? null) : null;
  if (choice.current !== undefined && choice.current?.sku === child?.sku) choice.current = undefined;
  const shown = child ?? product;
  const { price, special } = productPrices(shown as Product);
  const stock = stockState((child ?? product).stock);
  // Chosen from the product on screen, in the tap's own task: the next tap ("In winkelwagen") adds this size, also
  // when both were made before the app ran and are replayed one after the other.
  const chooseSize = (value: string) => {
    setSizeError(false);
    const color = String(product.color ?? '');
    const found = findConfigurableChild(product, color ? { color, size: value } : { size: value });
    if (!found) {
      notify({ type: 'warning', message: NO_SUCH_CONFIGURATION });
      setSizeError(true);
      return;
    }
    choice.current = found;
    // The size shows chosen in the tap's own frame; its page (address, price, stock) follows after that frame, as
    // every navigation does (src/app/router.tsx).
    showChoice();
    void navigate({ to: productPath(product, found.sku), replace: Boolean(childSku), resetScroll: false });
  };
  const gallery =
    (product.media_gallery as { image?: string; lab?: string }[] | undefined)?.map((m) => m.image ?? '') ?? [];
  const description = typeof product.description === 'string' ? plainText(product.description) : '';

  return (
    <div className="page product-page">
      <Breadcrumbs items={categoryCrumbs(trail)} current={product.name} />
      <div className="product-layout">
        <Gallery
          images={gallery.length ? gallery : [product.image ?? '']}
          alt={`${product.name} ${String(product.color_label ?? '')}`.trim()}
        />
        <div className="product-info">
          {product.brand ? <p className="product-brand">{String(product.brand)}</p> : null}
          {/* elementtiming: the browser reports when the title is first painted (bench/browser.ts reads it) */}
          <h1 className="product-name" {...{ elementtiming: 'product-title' }}>
            {product.name}
          </h1>
          <ReviewSummary
            sku={product.sku}
            onOpen={() => openModal('review', { sku: product.sku, name: product.name })}
          />
          <Price price={price} special={special} className="product-price" />
          <PersonalPrice skus={[child?.sku, product.sku]} className="product-personal-price" />
          <ColourPicker product={product} child={child} />
          {product.type_id === 'configurable' ? (
            product.errors?.variants ? (
              <p className="notice notice-warning" role="alert">
                {t('No available product variants')}
              </p>
            ) : (
              <SizePicker
                product={product}
                selected={choice.current === undefined ? child : choice.current}
                onChoose={chooseSize}
                system={sizeSystem}
                onSystem={setSizeSystem}
              />
            )
          ) : null}
          {sizeError ? (
            <p className="notice notice-warning" role="alert">
              {t(NO_SUCH_CONFIGURATION)}
            </p>
          ) : null}
          {product.type_id !== 'grouped' ? (
            <p className={`stock stock-${stock}`} aria-live="polite">
              {product.type_id === 'configurable' && !child ? t('Choose your size') : t(STOCK_LABEL[stock])}
            </p>
          ) : null}
          <div className="product-actions">
            {product.type_id !== 'grouped' ? (
              <AddToCart
                product={product}
                chosen={() => (choice.current === undefined ? child : choice.current)}
                system={sizeSystem}
                onAdded={() => setAdded(true)}
              />
            ) : null}
            <WishlistHeart product={product} child={child} className="product-heart" />
          </div>
          {added ? <Recommendations cart={[product.sku]} /> : null}
          <CompareToggle product={product} className="product-compare" />
          {child || product.type_id === 'simple' ? (
            <StoreStockPanel
              sku={(child ?? product).sku}
              sizeLabel={child ? productSizeText(product, label(child, 'size'), sizeSystem) : null}
            />
          ) : null}
          <TexTracerButton onOpen={() => openModal('tex-tracer', { sku: product.sku, name: product.name })} />
          <ul className="product-usps">
            <li>{t('Delivered in 1 to 3 work days')}</li>
            <li>{t('Free returns within 30 days')}</li>
          </ul>
          {description ? (
            <section className="product-description">
              <h2>{t('Product description')}</h2>
              {description.split(/\n{2,}/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
              {shown.vendor_article_number ? (
                <p className="muted">
                  {t('Article number')}: {String(shown.vendor_article_number)}
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
      <Associated items={view.data.associated} />
      <Recommendations productKey={product.sku} />
      <RecentlyViewed exclude={product.sku} />
    </div>
  );
}

export function ProductPage() {
  const { parentSku, childSku } = useParams({ strict: false }) as { parentSku: string; childSku?: string };
  return <ProductView key={parentSku} parentSku={parentSku} childSku={childSku} />;
}
