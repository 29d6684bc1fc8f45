import { BRANDS } from './attributes.ts';
import type { CatalogueContext } from './catalogue-context.ts';
import type { SeedProduct } from './catalogue-types.ts';
import { BUNDLE_NAMES, GROUPED_NAMES, SIMPLE_KINDS } from './garments.ts';
import { discounted, retailCents, specialPrice, type SpecialPrice } from './pricing.ts';
import { description, pickWeighted, productName } from './product-texts.ts';
import { slugify } from './random.ts';
import { TAX_CLASS } from './reference.ts';

/** Simple products: accessories and reduced-tax gift items (the first one is always a book, 9 % / 6 %). */
export function addSimples(ctx: CatalogueContext, simples: number): SeedProduct[] {
  const { f, today, attributes, products, colourOf, useImage, createdAt, listingDoc, categoriesFor } = ctx;
  const simpleProducts: SeedProduct[] = [];
  for (let i = 0; i < simples; i++) {
    ctx.modelNo++;
    // The first simple is always a book so the reduced tax rate (NL 9 %, BE 6 %) has a product.
    const kind =
      i === 0
        ? SIMPLE_KINDS.find((k) => k.reducedTax)!
        : pickWeighted(
            f,
            SIMPLE_KINDS.filter((k) => !k.reducedTax || i % 7 === 0),
          );
    const brand = kind.reducedTax ? 'OFM Essentials' : f.helpers.arrayElement(BRANDS);
    const colourCode = f.helpers.arrayElement(kind.colours);
    const colour = colourOf(colourCode);
    const name = productName(f, kind);
    const number = ctx.nextNumber++;
    const priceCents = retailCents(f, kind.price);
    const special = specialPrice(f, priceCents, today);
    const created = createdAt();
    const c = categoriesFor(kind, special);
    const urlKey = `${slugify(name)}-${slugify(colour.label)}-${number}`;
    const file = useImage(kind, colourCode);
    const material = kind.materials.length ? f.helpers.arrayElement(kind.materials) : undefined;
    const r = f.number.float({ min: 0, max: 1 });
    const qty = r < 0.1 ? 0 : r < 0.2 ? f.number.int({ min: 1, max: 3 }) : f.number.int({ min: 4, max: 120 });
    const colourValue = attributes.valueOf('color', colour.label);
    const p: SeedProduct = {
      id: ctx.nextId++,
      sku: `OFM-${number}`,
      parentId: null,
      typeId: 'simple',
      name,
      description: description(f, name, brand, material, undefined),
      urlKey,
      urlPath: `${c.top.urlKey}/${urlKey}`,
      status: 1,
      visibility: 4,
      brand,
      priceCents,
      special,
      taxClassId: kind.reducedTax ? TAX_CLASS.reduced : TAX_CLASS.standard,
      categoryIds: c.ids,
      categoryNames: c.names,
      attrs: {
        color: [colourValue],
        brand: [attributes.valueOf('brand', brand)],
        ...(material ? { material: [attributes.valueOf('material', material)] } : {}),
      },
      position: number - 10000,
      doc: {
        ...listingDoc(file, name, colour, colourValue, special, created),
        vendor_article_number: `ACC-${f.string.numeric(6)}`,
        ean: `87${f.string.numeric(11)}`,
      },
      createdAt: created,
      stock: { qty, isInStock: qty > 0, manageStock: true },
      tierPrices: [],
    };
    products.push(p);
    simpleProducts.push(p);
  }
  return simpleProducts;
}

/** Whether an accessory's name has the word ("das" in "Wollen stropdas"). */
const nameHas = (product: SeedProduct, word: string) => product.name.toLowerCase().includes(word);

/** Grouped sets (associated simple products only, spec 000 §5) and bundles, made from the simple accessories. */
export function addSets(ctx: CatalogueContext, simpleProducts: SeedProduct[], grouped: number, bundles: number): void {
  const { f, attributes, products, links, cat, createdAt, marketing } = ctx;
  const accessories = simpleProducts.filter((p) => p.taxClassId === TAX_CLASS.standard);
  const makeSet = (typeId: 'grouped' | 'bundle', title: string, holds: string[]) => {
    const number = ctx.nextNumber++;
    const drawn = f.helpers.arrayElements(
      accessories.length ? accessories : simpleProducts,
      Math.min(3, Math.max(1, accessories.length)),
    );
    // what the name says it holds, picked without a draw so the seed's random sequence stays the same
    const named = holds.map((word, k) => {
      const matching = accessories.filter((a) => nameHas(a, word));
      return matching[(number + k) % matching.length];
    });
    const members = holds.length ? [...new Set(named)] : drawn;
    const sum = members.reduce((s, m) => s + m.priceCents, 0);
    const priceCents = typeId === 'bundle' ? discounted(sum, 15) : Math.min(...members.map((m) => m.priceCents));
    const urlKey = `${slugify(title)}-${number}`;
    const top = cat('accessoires');
    const sub = cat('accessoires/cadeaus');
    const first = members[0];
    const id = ctx.nextId++;
    const created = createdAt();
    const none: SpecialPrice = { kind: 'none', cents: null, from: null, to: null, percent: null };
    const doc: Record<string, unknown> = {
      image: first.doc.image,
      thumbnail: first.doc.image,
      small_image: first.doc.image,
      media_gallery: members.map((m, i) => ({ image: m.doc.image, pos: i + 1, typ: 'image', lab: m.name })),
      ...marketing(none, created),
      vendor_article_number: `SET-${number}`,
    };
    if (typeId === 'bundle') {
      doc.bundle_options = members.map((m, i) => ({
        option_id: i + 1,
        title: m.name,
        type: 'select',
        required: true,
        position: i + 1,
        product_links: [
          { id: m.id, sku: m.sku, qty: 1, is_default: true, price: m.priceCents / 100, can_change_quantity: 0 },
        ],
      }));
    }
    const p: SeedProduct = {
      id,
      sku: `OFM-${number}`,
      parentId: null,
      typeId,
      name: title,
      description: `<p>${title}: ${members.map((m) => m.name.toLowerCase()).join(', ')}. Een cadeau waar elke man blij van wordt.</p>`,
      urlKey,
      urlPath: `${top.urlKey}/${urlKey}`,
      status: 1,
      visibility: 4,
      brand: 'OFM Essentials',
      priceCents,
      special: none,
      taxClassId: TAX_CLASS.standard,
      categoryIds: [top.id, sub.id],
      categoryNames: [top.name, sub.name],
      attrs: {
        brand: [attributes.valueOf('brand', 'OFM Essentials')],
        color: [...new Set(members.flatMap((m) => m.attrs.color ?? []))],
      },
      position: number - 10000,
      doc,
      createdAt: created,
      stock: { qty: 0, isInStock: true, manageStock: false },
      tierPrices: [],
    };
    products.push(p);
    if (typeId === 'grouped') {
      members.forEach((m, i) =>
        links.push({
          productId: id,
          linkType: 'associated',
          linkedId: m.id,
          linkedSku: m.sku,
          position: i + 1,
          qty: 1,
        }),
      );
    }
  };
  // only names whose every word the shop's accessories have (a small seed may have no socks)
  const sets = (typeId: 'grouped' | 'bundle', names: typeof GROUPED_NAMES, count: number) => {
    const possible = names.filter((n) => n.holds.every((word) => accessories.some((a) => nameHas(a, word))));
    const made = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const { name, holds } = possible[i % possible.length];
      const nth = (made.get(name) ?? 0) + 1;
      made.set(name, nth);
      makeSet(typeId, nth > 1 ? `${name} ${nth}` : name, holds);
    }
  };
  sets('grouped', GROUPED_NAMES, grouped);
  sets('bundle', BUNDLE_NAMES, bundles);
}
