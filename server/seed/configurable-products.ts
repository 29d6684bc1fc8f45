import { ATTRIBUTE_IDS, BRANDS, type SizeDef } from './attributes.ts';
import type { CatalogueContext } from './catalogue-context.ts';
import type { SeedProduct } from './catalogue-types.ts';
import { GARMENT_KINDS, sizesOf } from './garments.ts';
import { FIRST_SPECIALS, discounted, retailCents, specialPrice } from './pricing.ts';
import { description, namedAttributes, pickWeighted, productName } from './product-texts.ts';
import { slugify } from './random.ts';
import { CUSTOMER_GROUP, TAX_CLASS } from './reference.ts';

/**
 * Configurable models: each colour of a model is its own configurable parent (the shop lists colours as separate
 * tiles), its children are the sizes; colour siblings are linked by 'colorrelation'. Makes `configurables` parents.
 */
export function addConfigurables(ctx: CatalogueContext, configurables: number): void {
  const { f, today, attributes, products, links, colourOf, useImage, media, createdAt, listingDoc, categoriesFor } =
    ctx;
  let madeConfigurables = 0;
  while (madeConfigurables < configurables) {
    ctx.modelNo++;
    const kind = pickWeighted(f, GARMENT_KINDS);
    const brand = f.helpers.arrayElement(BRANDS);
    const baseName = productName(f, kind);
    const drawn = {
      material: f.helpers.arrayElement(kind.materials),
      fit: f.helpers.arrayElement(kind.fits),
      pattern: f.helpers.weightedArrayElement([
        { weight: 6, value: 'Effen' },
        { weight: 1, value: 'Gestreept' },
        { weight: 1, value: 'Geruit' },
        { weight: 1, value: 'Gestipt' },
      ]),
    };
    const { material, fit, pattern } = namedAttributes(baseName, kind, drawn);
    const colourCount = Math.min(configurables - madeConfigurables, f.number.int({ min: 1, max: 3 }));
    const colours = f.helpers.arrayElements(kind.colours, colourCount);
    const basePrice = retailCents(f, kind.price);
    const vendorBase = `${brand.split(' ')[0].slice(0, 3).toUpperCase()}-${f.string.numeric(6)}`;
    const hasTier = f.number.int(9) === 0;
    const siblings: SeedProduct[] = [];

    for (const colourCode of colours) {
      const colour = colourOf(colourCode);
      const number = ctx.nextNumber++;
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
        ? [
            { groupId: CUSTOMER_GROUP.club, qty: 1, cents: discounted(basePrice, 10) },
            { groupId: CUSTOMER_GROUP.club, qty: 3, cents: discounted(basePrice, 15) },
          ]
        : [];
      const parentId = ctx.nextId++;
      /** What a parent and its children are alike in: brand, price, tax class and categories. */
      const sharedFields = {
        brand,
        priceCents: basePrice,
        special,
        taxClassId: TAX_CLASS.standard,
        categoryIds: categoriesOf.ids,
        categoryNames: categoriesOf.names,
      };
      /** The filter values a parent shares with all its children (only colour and size differ). */
      const sharedAttrs = {
        brand: [attributes.valueOf('brand', brand)],
        material: [attributes.valueOf('material', material)],
        fit: [attributes.valueOf('fit', fit)],
        pattern: [attributes.valueOf('pattern', pattern)],
      };
      const children: SeedProduct[] = [];
      for (const size of sizes) {
        const r = f.number.float({ min: 0, max: 1 });
        const qty = r < 0.12 ? 0 : r < 0.25 ? f.number.int({ min: 1, max: 3 }) : f.number.int({ min: 4, max: 60 });
        const status: 1 | 2 = f.number.int(49) === 0 ? 2 : 1;
        const sizeValue = attributes.valueOf('size', size.label);
        const childUrlKey = `${urlKey}-${slugify(size.code)}`;
        children.push({
          id: ctx.nextId++,
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
          ...sharedFields,
          attrs: {
            color: [colourValue],
            size: [sizeValue],
            ...sharedAttrs,
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
        ...sharedFields,
        attrs: {
          color: [colourValue],
          size: union('size'),
          ...sharedAttrs,
          size_eu: union('size_eu'),
          size_uk: union('size_uk'),
          size_us: union('size_us'),
          size_cm: union('size_cm'),
        },
        position: number - 10000,
        doc: {
          ...listingDoc(file, name, colour, colourValue, special, created),
          vendor_article_number: `${vendorBase}-${colour.code}`,
          model_id: `M${ctx.modelNo}`,
          configurable_options: [
            {
              attribute_id: ATTRIBUTE_IDS.color,
              attribute_code: 'color',
              label: 'Kleur',
              position: 0,
              values: [{ value_index: Number(colourValue), label: colour.label }],
            },
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
        if (a !== b)
          links.push({
            productId: a.id,
            linkType: 'colorrelation',
            linkedId: b.id,
            linkedSku: b.sku,
            position: i,
            qty: 1,
          });
      });
    }
  }
}
