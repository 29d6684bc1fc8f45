import type { Queryable } from '../db/index.ts';
import { insertRows } from './batch.ts';
import { slugify } from './random.ts';

export const ROOT_CATALOG_ID = 1;
/** The storefront's root category (spec 000 §9: root category id 2). */
export const DEFAULT_CATEGORY_ID = 2;

export interface SeedCategory {
  id: number;
  parentId: number | null;
  name: string;
  urlKey: string;
  urlPath: string;
  level: number;
  path: string;
  position: number;
  /** Stable key the product generator refers to ('overhemden', 'overhemden/casual'). */
  key: string;
  includeInMenu: boolean;
}

// Top-level url_keys carry the 'heren-' prefix the real shop uses for SEO ('heren-overhemden'); children sit below
// their parent's url_path ('heren-overhemden/casual-overhemden').
const TREE: { name: string; key: string; children: [string, string][] }[] = [
  {
    name: 'Pakken',
    key: 'pakken',
    children: [
      ['Slim fit pakken', 'slim-fit'],
      ['Regular fit pakken', 'regular-fit'],
      ['Smokings', 'smokings'],
      ['Gilets', 'gilets'],
    ],
  },
  {
    name: 'Colberts',
    key: 'colberts',
    children: [
      ['Blazers', 'blazers'],
      ['Casual colberts', 'casual'],
    ],
  },
  {
    name: 'Overhemden',
    key: 'overhemden',
    children: [
      ['Zakelijke overhemden', 'zakelijk'],
      ['Casual overhemden', 'casual'],
      ['Linnen overhemden', 'linnen'],
    ],
  },
  {
    name: 'Truien & vesten',
    key: 'truien-vesten',
    children: [
      ['Truien', 'truien'],
      ['Vesten', 'vesten'],
      ['Hoodies & sweaters', 'hoodies'],
    ],
  },
  {
    name: "Polo's",
    key: 'polos',
    children: [
      ["Polo's korte mouw", 'korte-mouw'],
      ["Polo's lange mouw", 'lange-mouw'],
    ],
  },
  {
    name: 'T-shirts',
    key: 't-shirts',
    children: [
      ['Basic t-shirts', 'basic'],
      ['Print t-shirts', 'print'],
      ['Longsleeves', 'longsleeves'],
    ],
  },
  {
    name: 'Broeken',
    key: 'broeken',
    children: [
      ["Chino's", 'chinos'],
      ['Pantalons', 'pantalons'],
      ['Korte broeken', 'korte-broeken'],
    ],
  },
  {
    name: 'Jeans',
    key: 'jeans',
    children: [
      ['Slim fit jeans', 'slim-fit'],
      ['Regular fit jeans', 'regular-fit'],
      ['Tapered jeans', 'tapered'],
    ],
  },
  {
    name: 'Schoenen',
    key: 'schoenen',
    children: [
      ['Sneakers', 'sneakers'],
      ['Nette schoenen', 'nette-schoenen'],
      ['Boots', 'boots'],
    ],
  },
  {
    name: 'Accessoires',
    key: 'accessoires',
    children: [
      ['Stropdassen', 'stropdassen'],
      ['Riemen', 'riemen'],
      ['Sokken', 'sokken'],
      ['Pochetten', 'pochetten'],
      ['Cadeaus & boeken', 'cadeaus'],
    ],
  },
  {
    name: 'Sale',
    key: 'sale',
    children: [
      ['Sale kleding', 'kleding'],
      ['Sale schoenen', 'schoenen'],
      ['Sale accessoires', 'accessoires'],
    ],
  },
];

export function buildCategories(): SeedCategory[] {
  const list: SeedCategory[] = [
    {
      id: ROOT_CATALOG_ID,
      parentId: null,
      name: 'Root Catalog',
      urlKey: 'root-catalog',
      urlPath: 'root-catalog',
      level: 0,
      path: '1',
      position: 0,
      key: '__root',
      includeInMenu: false,
    },
    {
      id: DEFAULT_CATEGORY_ID,
      parentId: ROOT_CATALOG_ID,
      name: 'Default Category',
      urlKey: 'default-category',
      urlPath: 'default-category',
      level: 1,
      path: '1/2',
      position: 0,
      key: '__default',
      includeInMenu: false,
    },
  ];
  let id = 10;
  TREE.forEach((top, topIndex) => {
    const topId = id++;
    const urlKey = `heren-${slugify(top.key)}`;
    const topPath = `1/2/${topId}`;
    list.push({
      id: topId,
      parentId: DEFAULT_CATEGORY_ID,
      name: top.name,
      urlKey,
      urlPath: urlKey,
      level: 2,
      path: topPath,
      position: topIndex + 1,
      key: top.key,
      includeInMenu: true,
    });
    top.children.forEach(([name, key], childIndex) => {
      const childId = id++;
      const childKey = slugify(name);
      list.push({
        id: childId,
        parentId: topId,
        name,
        urlKey: childKey,
        urlPath: `${urlKey}/${childKey}`,
        level: 3,
        path: `${topPath}/${childId}`,
        position: childIndex + 1,
        key: `${top.key}/${key}`,
        includeInMenu: true,
      });
    });
  });
  return list;
}

export function categoryByKey(categories: SeedCategory[]): Map<string, SeedCategory> {
  return new Map(categories.map((c) => [c.key, c]));
}

export async function insertCategories(q: Queryable, categories: SeedCategory[]): Promise<void> {
  await insertRows(
    q,
    'categories',
    [
      'id',
      'parent_id',
      'name',
      'slug',
      'url_key',
      'url_path',
      'level',
      'path',
      'position',
      'is_active',
      'include_in_menu',
      'description',
      'meta_title',
      'meta_description',
      'meta_robots',
    ],
    categories.map((c) => [
      c.id,
      c.parentId,
      c.name,
      c.urlKey,
      c.urlKey,
      c.urlPath,
      c.level,
      c.path,
      c.position,
      true,
      c.includeInMenu,
      c.level >= 2
        ? `<p>Ontdek onze collectie ${c.name.toLowerCase()} voor heren. Gratis verzending vanaf € 50 en gratis retourneren in de winkel.</p>`
        : null,
      c.level >= 2 ? `${c.name} voor heren | OFM` : null,
      c.level >= 2 ? `${c.name} voor heren online kopen bij OFM. Snel in huis, gratis retourneren.` : null,
      'INDEX,FOLLOW',
    ]),
  );
}

/** product_count counts the enabled, visible products assigned to the category, as the storefront's menu shows it. */
export async function updateProductCounts(q: Queryable): Promise<void> {
  await q.query(`update categories c set product_count = (
      select count(*) from products p
      where p.category_ids @> array[c.id] and p.status = 1 and p.visibility in (2, 3, 4))`);
}
