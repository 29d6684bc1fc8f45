import { COLOURS, type AttributeCatalog, type ColourCode } from './attributes.ts';
import type { Catalogue, SeedLink, SeedProduct } from './catalogue-types.ts';
import { type SeedCategory, categoryByKey } from './categories.ts';
import type { GarmentKind } from './garments.ts';
import { detailFile, imageFile } from './image-names.ts';
import { DAY, startOfDay, type SpecialPrice } from './pricing.ts';
import { seededFaker } from './random.ts';

/**
 * What the product generators share: one seeded faker (so the whole catalogue is one deterministic sequence), the
 * id and sku counters, the growing product and link lists, and the helpers for images, dates, labels and categories.
 */
export type CatalogueContext = ReturnType<typeof createContext>;

export function createContext(categories: SeedCategory[], attributes: AttributeCatalog, now: Date) {
  const f = seededFaker(20_260_001);
  const today = startOfDay(now);
  const byKey = categoryByKey(categories);
  const cat = (key: string) => {
    const c = byKey.get(key);
    if (!c) throw new Error(`seed: unknown category ${key}`);
    return c;
  };
  const products: SeedProduct[] = [];
  const links: SeedLink[] = [];
  const images: Catalogue['images'] = new Map();

  const colourOf = (code: ColourCode) => COLOURS.find((c) => c.code === code)!;
  const useImage = (kind: GarmentKind, colour: ColourCode) => {
    const file = imageFile(kind.shape, colour);
    images.set(`${kind.shape}:${colour}`, { shape: kind.shape, colour, file });
    return file;
  };
  const media = (file: string, label: string) => ({
    image: file,
    thumbnail: file,
    small_image: file,
    media_gallery: [
      { image: file, pos: 1, typ: 'image', lab: label },
      { image: detailFile(file), pos: 2, typ: 'image', lab: `${label} (detail)` },
    ],
  });
  const createdAt = () => new Date(today.getTime() - f.number.int({ min: 0, max: 720 }) * DAY);
  const isNew = (d: Date) => today.getTime() - d.getTime() <= 30 * DAY;

  const marketing = (special: SpecialPrice, created: Date) => {
    const sale = special.percent !== null;
    const labels: string[] = [];
    if (sale) labels.push('Sale', `-${special.percent}%`);
    if (isNew(created)) labels.push('Nieuw');
    return {
      sale,
      new: isNew(created),
      product_labels: labels,
      discount_percentage: sale ? `-${special.percent}%` : null,
    };
  };

  /** The document fields of a product listed on its own in one colour: images, sale and new labels, colour. */
  const listingDoc = (
    file: string,
    name: string,
    colour: { label: string },
    colourValue: string,
    special: SpecialPrice,
    created: Date,
  ) => ({
    ...media(file, `${name} ${colour.label}`),
    ...marketing(special, created),
    color: Number(colourValue),
    color_label: colour.label,
  });

  const categoriesFor = (kind: GarmentKind, special: SpecialPrice) => {
    const top = cat(kind.top);
    const sub = cat(f.helpers.arrayElement(kind.subs));
    const list = [top, sub];
    if (special.percent !== null) {
      list.push(
        cat('sale'),
        cat(
          kind.top === 'schoenen' ? 'sale/schoenen' : kind.top === 'accessoires' ? 'sale/accessoires' : 'sale/kleding',
        ),
      );
    }
    return { ids: list.map((c) => c.id), names: list.map((c) => c.name), top };
  };
  return {
    f,
    today,
    attributes,
    cat,
    products,
    links,
    images,
    nextId: 1,
    nextNumber: 10001,
    modelNo: 0,
    colourOf,
    useImage,
    media,
    createdAt,
    marketing,
    listingDoc,
    categoriesFor,
  };
}
