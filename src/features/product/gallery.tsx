import { ProductImage } from '../../ui/product-image.tsx';

/** Gallery 600×744 (spec 000 §9): the first image is the LCP and loads eagerly, the rest scroll-snap beside it. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  return (
    <div className="gallery">
      <ul className="gallery-track">
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
