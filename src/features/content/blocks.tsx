import { Link, lazyRouteComponent } from '@tanstack/react-router';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { cmsText as str, imageOf, linkOf, type StoryBlock } from '../../lib/cms-story.ts';
import { ProductCarousel } from './product-carousel.tsx';
import { plainText } from '../../lib/plain-text.ts';
import { trackSelectPromotion } from '../../lib/analytics/events.ts';
import { Usps } from '../../ui/usps.tsx';
import { imageLoading } from '../../ui/main-image.ts';
import { Loader } from '../../ui/loader.tsx';

function Hero({ block, priority }: { block: StoryBlock; priority: boolean }) {
  const image = imageOf(block.image);
  const cta = (block.cta && typeof block.cta === 'object' ? block.cta : {}) as { label?: string; link?: unknown };
  const link = linkOf(block.link) ?? linkOf(cta.link);
  return (
    <section className={`cms-hero${image ? ' cms-hero-with-image' : ''}`}>
      {image ? (
        <img src={image} alt={str(block.alt) ?? ''} width={600} height={744} {...imageLoading(priority)} />
      ) : null}
      <div className="cms-hero-text">
        <h1 className="cms-hero-title">{str(block.title) ?? str(block.headline)}</h1>
        {(str(block.subtitle) ?? str(block.text)) ? <p>{str(block.subtitle) ?? str(block.text)}</p> : null}
        {link ? (
          <Link
            to={link}
            className="btn btn-primary"
            onClick={() =>
              trackSelectPromotion({ id: block._uid ?? link, name: str(block.title) ?? link, slot: 'hero' })
            }
          >
            {str(cta.label) ?? str(block.cta) ?? str(block.button_text) ?? 'Shop nu'}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function Tiles({ block }: { block: StoryBlock }) {
  const items = (
    Array.isArray(block.items) ? block.items : Array.isArray(block.tiles) ? block.tiles : []
  ) as StoryBlock[];
  return (
    <section className="cms-tiles">
      {str(block.title) ? <h2>{str(block.title)}</h2> : null}
      <ul>
        {items.map((item, i) => {
          const link = linkOf(item.link) ?? '/';
          const image = imageOf(item.image);
          return (
            <li key={item._uid ?? i}>
              <Link
                to={link}
                className="cms-tile"
                onClick={() =>
                  trackSelectPromotion({
                    id: item._uid ?? link,
                    name: str(item.title) ?? str(item.label) ?? link,
                    slot: `tile_${i + 1}`,
                  })
                }
              >
                {image ? <img src={image} alt="" width={386} height={483} loading="lazy" /> : null}
                <span>{str(item.title) ?? str(item.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Text({ block }: { block: StoryBlock }) {
  return (
    <section className="cms-text">
      {str(block.title) ? <h2>{str(block.title)}</h2> : null}
      {(str(block.text) ?? str(block.body) ?? plainText(str(block.html) ?? ''))
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </section>
  );
}

/**
 * The blog's overview, on the blog's own page only, loads with it: its code (search, lists, cards) is not in every
 * page's first JavaScript (docs/benchmarks.md, main-thread JS per first route).
 */
const BlogOverview = lazyRouteComponent(() => import('./blog-overview.tsx'), 'BlogOverview');

/** The blocks whose code loads with them: the server loads them before its first render (src/app/router.tsx). */
export const LAZY_BLOCKS = [BlogOverview];

/**
 * Blocks another feature renders (the donation block): component name → component. The content feature cannot import
 * other features, so src/app/ passes them in (docs/architecture.md "Layout and where to look").
 */
export type BlockComponents = Record<string, ComponentType<{ block: StoryBlock }>>;

function Block({
  block,
  priority,
  components,
}: {
  block: StoryBlock;
  priority: boolean;
  components?: BlockComponents;
}) {
  const Composed = components?.[block.component];
  if (Composed) return <Composed block={block} />;
  switch (block.component) {
    case 'hero':
    case 'banner':
    case 'hero_banner':
      return <Hero block={block} priority={priority} />;
    case 'category_tiles':
    case 'tiles':
    case 'grid':
      return <Tiles block={block} />;
    case 'usps':
      return <Usps block={block} />;
    case 'product_carousel':
    case 'product_slider':
    case 'products':
      return <ProductCarousel block={block} />;
    case 'blog_overview':
      // a boundary of its own: hydration waits here for the block's code, not around the rest of the page
      return (
        <Suspense fallback={<Loader />}>
          <BlogOverview block={block} />
        </Suspense>
      );
    case 'text':
    case 'richtext':
    case 'rich_text':
      return <Text block={block} />;
    default:
      // An unknown block renders its title and text so editors see their content, never a blank gap.
      return str(block.title) || str(block.text) || str(block.html) ? <Text block={block} /> : null;
  }
}

/** Spec 001 §2: the blocks a content page renders at once; the rest wait for an idle moment. */
export const EAGER_BLOCKS = 2;
/** A busy page (a phone hydrating a long home page) still shows the rest within this time (our choice). */
export const IDLE_BLOCKS_TIMEOUT_MS = 1500;

/** Spec 001 §2: content-driven pages render the first two blocks at once and the rest when the browser is idle. */
export function Blocks({ blocks, components }: { blocks: StoryBlock[]; components?: BlockComponents }) {
  const [showAll, setShowAll] = useState(blocks.length <= EAGER_BLOCKS);
  useEffect(() => {
    if (showAll) return;
    // Safari has no requestIdleCallback: a short timer stands in for it there.
    if (!window.requestIdleCallback) {
      const timer = setTimeout(() => setShowAll(true), 200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setShowAll(true), { timeout: IDLE_BLOCKS_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }, [showAll]);
  const visible = showAll ? blocks : blocks.slice(0, EAGER_BLOCKS);
  return (
    <>
      {visible.map((b, i) => (
        <Block key={b._uid ?? i} block={b} priority={i === 0} components={components} />
      ))}
    </>
  );
}
