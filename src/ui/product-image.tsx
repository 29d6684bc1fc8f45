import { imageUrl } from '../../domain/catalog/image-url.ts';
import { imageLoading } from './main-image.ts';

export { imageUrl };

/** Widths the image server renders (/img/{width}/{file}.webp). */
export const IMAGE_WIDTHS = [48, 96, 150, 386, 600] as const;

/** Spec 001 §9 "Placeholder image /assets/placeholder.jpg", rendered at build (sw/placeholder-image.ts) and precached. */
export const PLACEHOLDER_IMAGE = '/assets/placeholder.jpg';

interface ProductImageProps {
  image?: string;
  alt: string;
  /** tile: 386×483 (ratio 5/4); gallery: 600×744; thumb: 150×150. */
  kind: 'tile' | 'gallery' | 'thumb';
  priority?: boolean;
  className?: string;
}

const SIZES = {
  tile: { width: 386, height: 483, srcset: [150, 386, 600], sizes: '(min-width: 1024px) 25vw, 50vw' },
  gallery: { width: 600, height: 744, srcset: [386, 600], sizes: '(min-width: 1024px) 50vw, 100vw' },
  thumb: { width: 150, height: 150, srcset: [96, 150], sizes: '96px' },
} as const;

/** Responsive WebP with intrinsic size so the layout never shifts (Lighthouse CLS). */
export function ProductImage({ image, alt, kind, priority, className }: ProductImageProps) {
  const s = SIZES[kind];
  if (!image) {
    return <img src={PLACEHOLDER_IMAGE} alt={alt} width={s.width} height={s.height} className={className} />;
  }
  return (
    <img
      src={imageUrl(image, s.width)}
      srcSet={s.srcset.map((w) => `${imageUrl(image, w)} ${w}w`).join(', ')}
      sizes={s.sizes}
      alt={alt}
      width={s.width}
      height={s.height}
      {...imageLoading(priority)}
      // the first image (the page's largest paint) is drawn in the frame it arrives, not a decode later
      decoding={priority ? undefined : 'async'}
      className={className}
    />
  );
}
