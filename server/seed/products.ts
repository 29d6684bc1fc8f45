import { BRANDS, COLOURS, type AttributeCatalog, type ColourCode, type SizeDef, ATTRIBUTE_IDS } from './attributes.ts';
import { type SeedCategory, categoryByKey } from './categories.ts';
import { BUNDLE_NAMES, GARMENT_KINDS, GROUPED_NAMES, SIMPLE_KINDS, type GarmentKind, sizesOf } from './garments.ts';
import { imageFile } from './image-names.ts';
import { DAY, FIRST_SPECIALS, discounted, retailCents, specialPrice, startOfDay, type SpecialPrice } from './pricing.ts';
import { seededFaker, slugify, type Faker } from './random.ts';
import { CUSTOMER_GROUP, TAX_CLASS } from './reference.ts';

export interface SeedProduct {
  id: number;
  sku: string;
  parentId: number | null;
  typeId: 'simple' | 'configurable' | 'grouped' | 'bundle';
  name: string;
  description: string;
  urlKey: string;
  urlPath: string;
  status: 1 | 2;
  visibility: 1 | 4;
  brand: string;
  priceCents: number;
  special: SpecialPrice;
  taxClassId: number;
  categoryIds: number[];
  categoryNames: string[];
  attrs: Record<string, string[]>;
  position: number;
  doc: Record<string, unknown>;
  createdAt: Date;
  stock: { qty: number; isInStock: boolean; manageStock: boolean };
  tierPrices: { groupId: number; qty: number; cents: number }[];
  /** configurable child: the parent's url_path its own url redirects to (301) */
  redirectTo?: string;
}

export interface SeedLink {
  productId: number;
  linkType: 'associated' | 'colorrelation';
  linkedId: number;
  linkedSku: string;
  position: number;
  qty: number;
}

export interface Catalogue {
  products: SeedProduct[];
  links: SeedLink[];
  /** every image file a product refers to: `${shape}:${colour}` → file name */
  images: Map<string, { shape: string; colour: ColourCode; file: string }>;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function pickWeighted(f: Faker, kinds: GarmentKind[]): GarmentKind {
  return f.helpers.weightedArrayElement(kinds.map((k) => ({ weight: k.weight, value: k })));
}

function productName(f: Faker, kind: GarmentKind): string {
  const parts = [f.helpers.arrayElement(kind.prefixes), f.helpers.arrayElement(kind.nouns), f.helpers.arrayElement(kind.suffixes)];
  return capitalise(parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim());
}

function description(f: Faker, name: string, brand: string, material: string | undefined, fit: string | undefined): string {
  const openers = [
    `Een tijdloze basis voor elke garderobe: de ${name.toLowerCase()} van ${brand}.`,
    `Met de ${name.toLowerCase()} van ${brand} zit je altijd goed, op kantoor en in het weekend.`,
    `${brand} maakt met deze ${name.toLowerCase()} een stuk dat jarenlang meegaat.`,
  ];
  const care = f.helpers.arrayElement(['Wassen op 30 graden.', 'Chemisch reinigen aanbevolen.', 'Handwas of wolprogramma.', 'Niet in de droger.']);
  const items = [material && `Materiaal: ${material.toLowerCase()}`, fit && `Pasvorm: ${fit.toLowerCase()}`, care].filter(Boolean);
  return `<p>${f.helpers.arrayElement(openers)} ${f.helpers.arrayElement(['Het model valt normaal; kies je gebruikelijke maat.', 'Valt iets kleiner; twijfel je, kies dan een maat groter.', 'Afgewerkt met oog voor detail.'])}</p><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

interface GenerateOptions {
  products: number;
  now: Date;
}

/**
 * Generates the catalogue in memory: N parent products (configurable colour variants of a model, simple accessories,
 * grouped sets, bundles) plus the size children of every configurable. Pure and deterministic for a given N and day.
 *
 * SKU scheme: a parent is `OFM-10001` (numbers in generation order); a configurable child adds colour code and size:
 * `OFM-10001-NAVY-M`, `OFM-10002-DENIM-W32L34`, `OFM-10003-ZWART-43`.
 * url_path: `{top category url_key}/{slug of name}-{colour}-{number}`, e.g. `heren-overhemden/slim-fit-overhemd-met-
 * button-down-kraag-navy-10001`; a child's url_path adds its size and 301-redirects to the parent's.
 */
export function generateCatalogue(categories: SeedCategory[], attributes: AttributeCatalog, options: GenerateOptions): Catalogue {
  const f = seededFaker(20_260_001);
  const today = startOfDay(options.now);
  const byKey = categoryByKey(categories);
  const cat = (key: string) => {
    const c = byKey.get(key);
    if (!c) throw new Error(`seed: unknown category ${key}`);
    return c;
  };
  const products: SeedProduct[] = [];
  const links: SeedLink[] = [];
  const images: Catalogue['images'] = new Map();
  let nextId = 1;
  let nextNumber = 10001;
  let modelNo = 0;

  const total = Math.max(1, Math.floor(options.products));
  const bundles = total >= 20 ? Math.max(1, Math.floor(total / 400)) : 0;
  const grouped = total >= 10 ? Math.max(1, Math.floor(total / 80)) : 0;
  const simples = Math.min(total - bundles - grouped, Math.max(total >= 10 ? 6 : 0, Math.floor(total * 0.1)));
  const configurables = total - bundles - grouped - simples;

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
    media_gallery: [{ image: file, pos: 1, typ: 'image', lab: label }],
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

  const categoriesFor = (kind: GarmentKind, special: SpecialPrice) => {
    const top = cat(kind.top);
    const sub = cat(f.helpers.arrayElement(kind.subs));
    const list = [top, sub];
    if (special.percent !== null) {
      list.push(cat('sale'), cat(kind.top === 'schoenen' ? 'sale/schoenen' : kind.top === 'accessoires' ? 'sale/accessoires' : 'sale/kleding'));
    }
    return { ids: list.map((c) => c.id), names: list.map((c) => c.name), top };
  };

  // Configurable models: each colour of a model is its own configurable parent (as the shop lists colours as
  // separate tiles), its children are the sizes; colour siblings are linked by 'colorrelation'.
  let madeConfigurables = 0;
  while (madeConfigurables < configurables) {
    modelNo++;
    const kind = pickWeighted(f, GARMENT_KINDS);
    const brand = f.helpers.arrayElement(BRANDS);
    const baseName = productName(f, kind);
    const material = f.helpers.arrayElement(kind.materials);
    const fit = f.helpers.arrayElement(kind.fits);
    const pattern = f.helpers.weightedArrayElement([{ weight: 6, value: 'Effen' }, { weight: 1, value: 'Gestreept' }, { weight: 1, value: 'Geruit' }, { weight: 1, value: 'Gestipt' }]);
    const colourCount = Math.min(configurables - madeConfigurables, f.number.int({ min: 1, max: 3 }));
    const colours = f.helpers.arrayElements(kind.colours, colourCount);
    const basePrice = retailCents(f, kind.price);
    const vendorBase = `${brand.split(' ')[0].slice(0, 3).toUpperCase()}-${f.string.numeric(6)}`;
    const hasTier = f.number.int(9) === 0;
    const siblings: SeedProduct[] = [];

    for (const colourCode of colours) {
      const colour = colourOf(colourCode);
      const number = nextNumber++;
      const sku = `OFM-${number}`;
      const special = specialPrice(f, basePrice, today, FIRST_SPECIALS[madeConfigurables]);
      const created = createdAt();
      const categoriesOf = categoriesFor(kind, special);
      const name = `${baseName}`;
      const urlKey = `${slugify(baseName)}-${slugify(colour.label)}-${number}`;
      const urlPath = `${categoriesOf.top.urlKey}/${urlKey}`;
      const file = useImage(kind, colourCode);
      const colourValue = attributes.valueOf('color', colour.label);
      const sizes: SizeDef[] = sizesOf(kind);
      const tiers = hasTier
        ? [{ groupId: CUSTOMER_GROUP.club, qty: 1, cents: discounted(basePrice, 10) }, { groupId: CUSTOMER_GROUP.club, qty: 3, cents: discounted(basePrice, 15) }]
        : [];
      const parentId = nextId++;
      const common = {
        brand: attributes.valueOf('brand', brand),
        material: attributes.valueOf('material', material),
        fit: attributes.valueOf('fit', fit),
        pattern: attributes.valueOf('pattern', pattern),
      };
      const children: SeedProduct[] = [];
      for (const size of sizes) {
        const r = f.number.float({ min: 0, max: 1 });
        const qty = r < 0.12 ? 0 : r < 0.25 ? f.number.int({ min: 1, max: 3 }) : f.number.int({ min: 4, max: 60 });
        const status: 1 | 2 = f.number.int(49) === 0 ? 2 : 1;
        const sizeValue = attributes.valueOf('size', size.label);
        const childUrlKey = `${urlKey}-${slugify(size.code)}`;
        children.push({
          id: nextId++,
          sku: `${sku}-${colour.code}-${size.code}`,
          parentId,
          typeId: 'simple',
          name: `${name} ${colour.label} ${size.label}`,
          description: '',
          urlKey: childUrlKey,
          urlPath: `${categoriesOf.top.urlKey}/${childUrlKey}`,
          redirectTo: urlPath,
          status,
          visibility: 1,
          brand,
          priceCents: basePrice,
          special,
          taxClassId: TAX_CLASS.standard,
          categoryIds: categoriesOf.ids,
          categoryNames: categoriesOf.names,
          attrs: {
            color: [colourValue],
            size: [sizeValue],
            brand: [common.brand],
            material: [common.material],
            fit: [common.fit],
            pattern: [common.pattern],
            size_eu: [attributes.valueOf('size_eu', size.eu)],
            size_uk: [attributes.valueOf('size_uk', size.uk)],
            size_us: [attributes.valueOf('size_us', size.us)],
            size_cm: [attributes.valueOf('size_cm', size.cm)],
          },
          position: 0,
          doc: {
            ...media(file, `${name} ${colour.label}`),
            color: Number(colourValue),
            size: Number(sizeValue),
            color_label: colour.label,
            size_label: size.label,
            size_eu: size.eu,
            size_uk: size.uk,
            size_us: size.us,
            size_cm: size.cm,
            vendor_article_number: `${vendorBase}-${colour.code}-${size.code}`,
            ean: `87${f.string.numeric(11)}`,
          },
          createdAt: created,
          stock: { qty, isInStock: qty > 0, manageStock: true },
          tierPrices: tiers,
        });
      }
      const union = (code: string) => [...new Set(children.map((c) => c.attrs[code][0]))];
      const liveChildren = children.filter((c) => c.status === 1);
      const parentQty = liveChildren.reduce((sum, c) => sum + c.stock.qty, 0);
      const parent: SeedProduct = {
        id: parentId,
        sku,
        parentId: null,
        typeId: 'configurable',
        name,
        description: description(f, name, brand, material, fit),
        urlKey,
        urlPath,
        status: 1,
        visibility: 4,
        brand,
        priceCents: basePrice,
        special,
        taxClassId: TAX_CLASS.standard,
        categoryIds: categoriesOf.ids,
        categoryNames: categoriesOf.names,
        attrs: {
          color: [colourValue],
          size: union('size'),
          brand: [common.brand],
          material: [common.material],
          fit: [common.fit],
          pattern: [common.pattern],
          size_eu: union('size_eu'),
          size_uk: union('size_uk'),
          size_us: union('size_us'),
          size_cm: union('size_cm'),
        },
        position: number - 10000,
        doc: {
          ...media(file, `${name} ${colour.label}`),
          ...marketing(special, created),
          color: Number(colourValue),
          color_label: colour.label,
          vendor_article_number: `${vendorBase}-${colour.code}`,
          model_id: `M${modelNo}`,
          configurable_options: [
            { attribute_id: ATTRIBUTE_IDS.color, attribute_code: 'color', label: 'Kleur', position: 0, values: [{ value_index: Number(colourValue), label: colour.label }] },
            {
              attribute_id: ATTRIBUTE_IDS.size,
              attribute_code: 'size',
              label: 'Maat',
              position: 1,
              values: sizes.map((s) => ({ value_index: Number(attributes.valueOf('size', s.label)), label: s.label })),
            },
          ],
          size_conversion: Object.fromEntries(sizes.map((s) => [s.label, { eu: s.eu, uk: s.uk, us: s.us, cm: s.cm }])),
          meta_title: `${name} ${colour.label} | ${brand}`,
          meta_description: `${name} in ${colour.label.toLowerCase()} van ${brand}. Gratis verzending vanaf € 50.`,
        },
        createdAt: created,
        stock: { qty: parentQty, isInStock: liveChildren.some((c) => c.stock.isInStock), manageStock: true },
        tierPrices: tiers,
      };
      products.push(parent, ...children);
      siblings.push(parent);
      madeConfigurables++;
    }
    for (const a of siblings) {
      siblings.forEach((b, i) => {
        if (a !== b) links.push({ productId: a.id, linkType: 'colorrelation', linkedId: b.id, linkedSku: b.sku, position: i, qty: 1 });
      });
    }
  }

  // Simple products: accessories and reduced-tax gift items.
  const simpleProducts: SeedProduct[] = [];
  for (let i = 0; i < simples; i++) {
    modelNo++;
    // The first simple is always a book so the reduced tax rate (NL 9 %, BE 6 %) has a product.
    const kind = i === 0 ? SIMPLE_KINDS.find((k) => k.reducedTax)! : pickWeighted(f, SIMPLE_KINDS.filter((k) => !k.reducedTax || i % 7 === 0));
    const brand = kind.reducedTax ? 'OFM Essentials' : f.helpers.arrayElement(BRANDS);
    const colourCode = f.helpers.arrayElement(kind.colours);
    const colour = colourOf(colourCode);
    const name = productName(f, kind);
    const number = nextNumber++;
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
      id: nextId++,
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
        ...media(file, `${name} ${colour.label}`),
        ...marketing(special, created),
        color: Number(colourValue),
        color_label: colour.label,
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

  // Grouped sets (associated simple products only, spec 000 §5) and bundles.
  const accessories = simpleProducts.filter((p) => p.taxClassId === TAX_CLASS.standard);
  const makeSet = (typeId: 'grouped' | 'bundle', title: string) => {
    const number = nextNumber++;
    const members = f.helpers.arrayElements(accessories.length ? accessories : simpleProducts, Math.min(3, Math.max(1, accessories.length)));
    const sum = members.reduce((s, m) => s + m.priceCents, 0);
    const priceCents = typeId === 'bundle' ? discounted(sum, 15) : Math.min(...members.map((m) => m.priceCents));
    const urlKey = `${slugify(title)}-${number}`;
    const top = cat('accessoires');
    const sub = cat('accessoires/cadeaus');
    const first = members[0];
    const id = nextId++;
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
        product_links: [{ id: m.id, sku: m.sku, qty: 1, is_default: true, price: m.priceCents / 100, can_change_quantity: 0 }],
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
      attrs: { brand: [attributes.valueOf('brand', 'OFM Essentials')], color: [...new Set(members.flatMap((m) => m.attrs.color ?? []))] },
      position: number - 10000,
      doc,
      createdAt: created,
      stock: { qty: 0, isInStock: true, manageStock: false },
      tierPrices: [],
    };
    products.push(p);
    if (typeId === 'grouped') {
      members.forEach((m, i) => links.push({ productId: id, linkType: 'associated', linkedId: m.id, linkedSku: m.sku, position: i + 1, qty: 1 }));
    }
  };
  for (let i = 0; i < grouped; i++) makeSet('grouped', GROUPED_NAMES[i % GROUPED_NAMES.length] + (i >= GROUPED_NAMES.length ? ` ${Math.floor(i / GROUPED_NAMES.length) + 1}` : ''));
  for (let i = 0; i < bundles; i++) makeSet('bundle', BUNDLE_NAMES[i % BUNDLE_NAMES.length] + (i >= BUNDLE_NAMES.length ? ` ${Math.floor(i / BUNDLE_NAMES.length) + 1}` : ''));

  return { products, links, images };
}
