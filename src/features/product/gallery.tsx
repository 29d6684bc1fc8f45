import { t } from '../../lib/i18n/index.ts';
import { ProductImage } from '../../ui/product-image.tsx';

/** Gallery 600×744 (spec 000 §9): the first image is the LCP and loads eagerly, the rest scroll-snap beside it. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  // More than one image scrolls sideways: a keyboard user scrolls it with the arrow keys once it has focus, so it is
  // a tab stop with a name (WCAG 2.1.1, axe's scrollable-region-focusable); one image does not scroll and is none.
  const scrolls = images.length > 1;
  return (
    <div className="gallery">
      <ul
        className="gallery-track"
        {...(scrolls ? { 'tabIndex': 0, 'aria-label': t('Images of {name}', { name: alt }) } : {})}
      >
        {images.map((img, i) => (
          <li key={`${img}-${i}`}>
            <ProductImage
              image={img || undefined}
              alt={i === 0 ? alt : `${alt} (${i + 1})`}
              kind="gallery"
              priority={i === 0}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
