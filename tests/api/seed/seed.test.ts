import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/auth/password.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { COUPON_CODES, DEMO_CUSTOMER, seed, seedIfEmpty } from '../../../server/seed/index.ts';
import { BUNDLE_NAMES, GROUPED_NAMES } from '../../../server/seed/garments.ts';
import { IMAGE_WIDTHS, imageHeight } from '../../../server/seed/image-names.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const N = 40;
let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await startTestServer({ products: N, images: true });
  db = server.db;
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, unknown>;
const rows = async <T = Row>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

describe('seed: catalogue invariants (docs/seeded-data.md)', () => {
  it('makes N parent products with size children, simple, grouped and bundle products', async () => {
    const types = await rows<{ type_id: string; n: number }>(
      `select type_id, count(*)::int as n from products where parent_id is null group by type_id`,
    );
    const count = Object.fromEntries(types.map((t) => [t.type_id, t.n]));
    expect(Object.values(count).reduce((a, b) => a + b, 0)).toBe(N);
    expect(count.configurable).toBeGreaterThan(0);
    expect(count.simple).toBeGreaterThan(0);
    expect(count.grouped).toBeGreaterThan(0);
    expect(count.bundle).toBeGreaterThan(0);
  });

  it('every configurable child has an existing configurable parent and is not visible on its own', async () => {
    const children = await rows<{
      sku: string;
      parent_type: string | null;
      visibility: number;
      parent_sku: string | null;
    }>(
      `select c.sku, p.type_id as parent_type, c.visibility, p.sku as parent_sku
       from products c left join products p on p.id = c.parent_id where c.parent_id is not null`,
    );
    expect(children.length).toBeGreaterThan(N);
    for (const c of children) {
      expect(c.parent_type, c.sku).toBe('configurable');
      expect(c.visibility).toBe(1);
      expect(c.sku.startsWith(`${c.parent_sku}-`)).toBe(true);
    }
    const childless = await rows(
      `select p.sku from products p where p.type_id = 'configurable' and not exists (select 1 from products c where c.parent_id = p.id)`,
    );
    expect(childless).toEqual([]);
  });

  it('a configurable parent filters on the union of its children’s colours and sizes', async () => {
    const mismatches = await rows(
      `select p.sku from products p
       where p.type_id = 'configurable' and (
         (select jsonb_agg(distinct s order by s) from products c, jsonb_array_elements_text(c.attrs->'size') s where c.parent_id = p.id)
         is distinct from (select jsonb_agg(s order by s) from jsonb_array_elements_text(p.attrs->'size') s))`,
    );
    expect(mismatches).toEqual([]);
    const [one] = await rows<{ doc: { configurable_options: { attribute_code: string; values: unknown[] }[] } }>(
      `select doc from products where type_id = 'configurable' limit 1`,
    );
    expect(one.doc.configurable_options.map((o) => o.attribute_code)).toEqual(['color', 'size']);
  });

  it("a product's attributes are what its name says: a Regular fit kostuum is regular fit, a wollen one wool", async () => {
    const named = await rows<{ name: string; fit: string; material: string; pattern: string }>(
      `select p.name,
              (select o.label from attribute_options o join attributes a using (attribute_id)
                where a.attribute_code = 'fit' and o.value = p.attrs->'fit'->>0) as fit,
              (select o.label from attribute_options o join attributes a using (attribute_id)
                where a.attribute_code = 'material' and o.value = p.attrs->'material'->>0) as material,
              (select o.label from attribute_options o join attributes a using (attribute_id)
                where a.attribute_code = 'pattern' and o.value = p.attrs->'pattern'->>0) as pattern
         from products p where p.type_id = 'configurable'`,
    );
    const promising = named.filter((p) => /^(slim|regular|tailored|modern) fit |^wollen |^gestreept/i.test(p.name));
    expect(promising.length, 'the seed names some products by their fit, material or pattern').toBeGreaterThan(0);
    for (const p of promising) {
      const fit = /^(slim|regular|tailored|modern) fit /i.exec(p.name)?.[0].trim();
      if (fit) expect(p.fit?.toLowerCase(), p.name).toBe(fit.toLowerCase());
      if (/^wollen /i.test(p.name)) expect(p.material, p.name).toBe('Wol');
      if (/^gestreept/i.test(p.name)) expect(p.pattern, p.name).toBe('Gestreept');
    }
  });

  it('a set holds what its name says: a "Cadeaubox das + pochet" a tie and a pocket square', async () => {
    const sets = await rows<{ name: string; members: string[] }>(
      `select p.name, coalesce(
         (select array_agg(m.name) from product_links l join products m on m.id = l.linked_product_id
           where l.product_id = p.id and l.link_type = 'associated'),
         (select array_agg(o->>'title') from jsonb_array_elements(p.doc->'bundle_options') o)) as members
         from products p where p.type_id in ('grouped', 'bundle')`,
    );
    const named = [...GROUPED_NAMES, ...BUNDLE_NAMES].filter((n) => n.holds.length > 0);
    let checked = 0;
    for (const set of sets) {
      const holds = named.find((n) => set.name === n.name || set.name.startsWith(`${n.name} `))?.holds ?? [];
      for (const word of new Set(holds)) {
        expect(
          set.members.some((m) => m.toLowerCase().includes(word)),
          `${set.name}: ${set.members}`,
        ).toBe(true);
        checked += 1;
      }
    }
    expect(checked, 'the seed has sets that name what they hold').toBeGreaterThan(0);
  });

  it('url_paths are unique per store and every product and category has a rewrite in both stores', async () => {
    const dupes = await rows(`select url_path from products group by url_path having count(*) > 1`);
    expect(dupes).toEqual([]);
    const clash = await rows(`select p.url_path from products p join categories c on c.url_path = p.url_path`);
    expect(clash).toEqual([]);
    for (const store of ['nl', 'be']) {
      const missing = await rows(
        `select p.sku from products p where not exists (
           select 1 from url_rewrites r where r.store_code = $1 and r.url_path = p.url_path and r.entity_type = 'product' and r.entity_id = p.id)`,
        [store],
      );
      expect(missing).toEqual([]);
      const missingCategories = await rows(
        `select c.id from categories c where c.level >= 2 and not exists (
           select 1 from url_rewrites r where r.store_code = $1 and r.url_path = c.url_path and r.entity_type = 'category')`,
        [store],
      );
      expect(missingCategories).toEqual([]);
    }
  });

  it('a configurable child url redirects with 301 to its parent url (spec 000 §2)', async () => {
    const wrong = await rows(
      `select r.url_path from url_rewrites r join products c on c.id = r.entity_id and r.entity_type = 'product'
       join products p on p.id = c.parent_id
       where r.redirect_type is distinct from 301 or r.target_path is distinct from p.url_path`,
    );
    expect(wrong).toEqual([]);
    const [example] = await rows<{ n: number }>(
      `select count(*)::int as n from url_rewrites where redirect_type = 301`,
    );
    expect(example.n).toBeGreaterThan(0);
  });

  it('every category is reachable from root category 2 and its path matches its ancestry', async () => {
    const reachable = await rows<{ id: number }>(
      `with recursive tree as (select id, path from categories where id = 2
         union all select c.id, c.path from categories c join tree t on c.parent_id = t.id)
       select id from tree`,
    );
    const all = await rows<{ id: number; path: string; parent_id: number | null; parent_path: string | null }>(
      `select c.id, c.path, c.parent_id, p.path as parent_path from categories c left join categories p on p.id = c.parent_id`,
    );
    const ids = new Set(reachable.map((r) => r.id));
    for (const c of all) {
      if (c.id === 1) continue;
      expect(ids.has(c.id), `category ${c.id}`).toBe(true);
      expect(c.path).toBe(`${c.parent_path}/${c.id}`);
    }
    const [counted] = await rows<{ n: number }>(
      `select count(*)::int as n from categories where level >= 2 and product_count > 0`,
    );
    expect(counted.n).toBeGreaterThan(3);
  });

  it('products sit in existing categories; grouped products link only simple products', async () => {
    const orphans = await rows(
      `select p.sku from products p, unnest(p.category_ids) cid where not exists (select 1 from categories c where c.id = cid)`,
    );
    expect(orphans).toEqual([]);
    const badLinks = await rows(
      `select l.product_id from product_links l join products s on s.id = l.linked_product_id
       where l.link_type = 'associated' and (s.type_id <> 'simple' or s.sku <> l.linked_product_sku)`,
    );
    expect(badLinks).toEqual([]);
    const relations = await rows<{ a: string; b: string }>(
      `select a.doc->>'model_id' as a, b.doc->>'model_id' as b from product_links l
       join products a on a.id = l.product_id join products b on b.id = l.linked_product_id where l.link_type = 'colorrelation'`,
    );
    for (const r of relations) expect(r.a).toBe(r.b);
  });

  it('every product image exists at every width as WebP, 600×744 gallery and 386×483 tile', async () => {
    const files = await rows<{ file: string }>(
      `select distinct doc->>'image' as file from products
       union select distinct g->>'image' from products, jsonb_array_elements(doc->'media_gallery') g`,
    );
    expect(files.length).toBeGreaterThan(0);
    for (const { file } of files) {
      expect(file).toMatch(/^[a-z0-9-]+\.webp$/);
      for (const width of IMAGE_WIDTHS) {
        const res = await fetch(`${server.baseUrl}/img/${width}/${file}`);
        expect(res.status, `/img/${width}/${file}`).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([width, imageHeight(width)]);
      }
    }
    expect(imageHeight(600)).toBe(744);
    expect(imageHeight(386)).toBe(483);
  });

  it('special price windows cover current, past and future, and one that is not lower', async () => {
    const [w] = await rows<{ current: number; past: number; future: number; not_lower: number }>(
      `select count(*) filter (where special_from_date <= now() and (special_to_date is null or special_to_date > now())
                                 and special_price_cents < price_cents)::int as current,
              count(*) filter (where special_to_date < now())::int as past,
              count(*) filter (where special_from_date > now())::int as future,
              count(*) filter (where special_price_cents >= price_cents)::int as not_lower
       from products where special_price_cents is not null`,
    );
    expect(w.current).toBeGreaterThan(0);
    expect(w.past).toBeGreaterThan(0);
    expect(w.future).toBeGreaterThan(0);
    expect(w.not_lower).toBeGreaterThan(0);
  });

  it('prices are cents incl. tax ending in 95 or 99; children share their parent price', async () => {
    const odd = await rows(`select sku from products where type_id <> 'bundle' and price_cents % 100 not in (95, 99)`);
    expect(odd).toEqual([]);
    const differ = await rows(
      `select c.sku from products c join products p on p.id = c.parent_id where c.price_cents <> p.price_cents`,
    );
    expect(differ).toEqual([]);
  });

  it('stock spans out of stock, low (1–3) and plenty', async () => {
    const [s] = await rows<{ zero: number; low: number; plenty: number }>(
      `select count(*) filter (where qty = 0 and manage_stock)::int as zero,
              count(*) filter (where qty between 1 and 3)::int as low,
              count(*) filter (where qty > 3)::int as plenty
       from stock_items s join products p on p.id = s.product_id where p.type_id = 'simple'`,
    );
    expect(s.zero).toBeGreaterThan(0);
    expect(s.low).toBeGreaterThan(0);
    expect(s.plenty).toBeGreaterThan(0);
    const inconsistent = await rows(`select sku from stock_items where is_in_stock <> (qty > 0) and manage_stock`);
    expect(inconsistent).toEqual([]);
  });

  it('NL and BE tax rates: 21 % for clothing, 9 % (NL) and 6 % (BE) reduced', async () => {
    const rates = await rows<{ code: string; rate: number }>(`select r.code, r.rate from tax_rates r order by id`);
    const byCode = Object.fromEntries(rates.map((r) => [r.code, Number(r.rate)]));
    expect(byCode['NL-21']).toBe(21);
    expect(byCode['BE-21']).toBe(21);
    expect(byCode['NL-9']).toBe(9);
    expect(byCode['BE-6']).toBe(6);
    const stores = await rows<{ code: string; store_id: number; default_country: string }>(
      `select code, store_id, default_country from store_views order by store_id`,
    );
    expect(stores).toEqual([
      { code: 'nl', store_id: 1, default_country: 'NL' },
      { code: 'be', store_id: 2, default_country: 'BE' },
    ]);
  });
});

describe('seed: demo customer and content', () => {
  it('the demo customer logs in with the README password (verifyPassword) and has two addresses', async () => {
    const [c] = await rows<{
      id: number;
      password_hash: string;
      group_id: number;
      group_token: string;
      external_id: string;
    }>(`select id, password_hash, group_id, group_token, external_id from customers where email = $1`, [
      DEMO_CUSTOMER.email,
    ]);
    expect(await verifyPassword(DEMO_CUSTOMER.password, c.password_hash)).toBe(true);
    expect(await verifyPassword('welkom#2026', c.password_hash)).toBe(false);
    expect(c.group_id).toBe(1);
    expect(c.group_token).toBe(DEMO_CUSTOMER.groupToken);
    expect(c.external_id).toBe(DEMO_CUSTOMER.externalId);
    const addresses = await rows(`select * from customer_addresses where customer_id = $1`, [c.id]);
    expect(addresses).toHaveLength(2);
  });

  it('the demo customer has ≥ 8 orders over two years in several states, loyalty points and coupons', async () => {
    const orders = await rows<{ status: string; created_at: Date; items: number }>(
      `select o.status, o.created_at, (select count(*)::int from order_items i where i.order_pk = o.id) as items
       from orders o join customers c on c.id = o.customer_id where c.email = $1`,
      [DEMO_CUSTOMER.email],
    );
    expect(orders.length).toBeGreaterThanOrEqual(8);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(5);
    expect(orders.every((o) => o.items > 0)).toBe(true);
    const ledger = await rows<{ created_at: Date; available_at: Date; expires_at: Date; points: number }>(
      `select created_at, available_at, expires_at, points from loyalty_ledger where points > 0`,
    );
    expect(ledger.length).toBeGreaterThan(0);
    for (const l of ledger) {
      expect(new Date(l.available_at).getTime() - new Date(l.created_at).getTime()).toBe(14 * 86_400_000);
      const expires = new Date(l.created_at);
      expires.setUTCMonth(expires.getUTCMonth() + 24);
      expect(new Date(l.expires_at).getTime()).toBe(expires.getTime());
    }
    const coupons = await rows<{ code: string }>(`select code from coupons`);
    expect(coupons.map((c) => c.code)).toEqual(expect.arrayContaining(Object.values(COUPON_CODES)));
  });

  it('CMS stories: home, be/home, theme, footer, usps (3 items), highlight bar, drafts and unpublished pages', async () => {
    const stories = await rows<{ full_slug: string; kind: string; published: Row | null; draft: Row }>(
      `select full_slug, kind, published, draft from cms_stories`,
    );
    const bySlug = new Map(stories.map((s) => [s.full_slug, s]));
    for (const slug of [
      'home',
      'be/home',
      'config/theme',
      'global/footer',
      'global/usps',
      'global/highlight-bar',
      'klantenservice',
      'over-ons',
    ]) {
      expect(bySlug.has(slug), slug).toBe(true);
    }
    expect((bySlug.get('global/usps')!.published as { items: unknown[] }).items).toHaveLength(3);
    // the blog's overview page lists the stories under blog/ with its overview block
    expect((bySlug.get('blog')!.published as { body: { component: string }[] }).body).toContainEqual({
      component: 'blog_overview',
      slug: 'blog/',
    });
    expect(stories.some((s) => s.published === null)).toBe(true);
    expect(stories.some((s) => s.published && JSON.stringify(s.published) !== JSON.stringify(s.draft))).toBe(true);
    expect(stories.filter((s) => s.kind === 'article' && s.full_slug.startsWith('blog/')).length).toBeGreaterThan(3);
    expect(stories.some((s) => s.full_slug.startsWith('mannen-voor-mannen/'))).toBe(true);
    const events = await rows<{ upcoming: number; past: number }>(
      `select count(*) filter (where event_date > now())::int as upcoming, count(*) filter (where event_date < now())::int as past
       from cms_stories where kind = 'event'`,
    );
    expect(events[0].upcoming).toBeGreaterThan(0);
    expect(events[0].past).toBeGreaterThan(0);
  });

  it("the home page's two product sliders open with different products: new arrivals are not the sale's", async () => {
    for (const slug of ['home', 'be/home']) {
      const [story] = await rows<{ published: { body: { component: string; title?: string; skus?: string[] }[] } }>(
        `select published from cms_stories where full_slug = $1`,
        [slug],
      );
      const sliders = story.published.body.filter((b) => b.component === 'product_slider');
      expect(sliders.map((b) => b.title)).toEqual(['Nieuw binnen', 'Sale']);
      const [fresh, sale] = sliders.map((b) => b.skus ?? []);
      expect(Math.min(fresh.length, sale.length)).toBeGreaterThan(0);
      expect(fresh[0]).not.toBe(sale[0]);
      expect(fresh.filter((sku) => sale.includes(sku))).toEqual([]);
      const onSale = `select sku from products where sku = any($1) and special_price_cents < price_cents
        and coalesce(special_from_date, now()) <= now() and coalesce(special_to_date, now()) >= now()`;
      expect(await rows(onSale, [fresh]), slug).toEqual([]);
    }
  });

  it('stores in NL and BE cities with opening hours for every weekday', async () => {
    const stores = await rows<{ country_id: string; opening_hours: { day: string }[] }>(
      `select country_id, opening_hours from store_locations`,
    );
    expect(stores.length).toBeGreaterThanOrEqual(10);
    expect(new Set(stores.map((s) => s.country_id))).toEqual(new Set(['NL', 'BE']));
    for (const s of stores) {
      expect(s.opening_hours.map((h) => h.day)).toEqual([
        'maandag',
        'dinsdag',
        'woensdag',
        'donderdag',
        'vrijdag',
        'zaterdag',
        'zondag',
      ]);
    }
  });
});

describe('seed: determinism and idempotence', () => {
  it('two seeds of the same N give the same skus, names and prices', { timeout: 120_000 }, async () => {
    const other = await openDatabase({ dataDir: ':memory:' });
    try {
      await seed(other, { products: N });
      const q = `select sku, name, url_path, price_cents, special_price_cents from products order by id`;
      const a = (await db.query(q)).rows;
      const b = (await other.query(q)).rows;
      expect(b).toEqual(a);
      // the product reviews and journeys (server/seed/reviews.ts) too
      for (const more of [
        `select product_id, rating, author, title, body, created_at from product_reviews order by id`,
        `select * from product_journey_steps order by product_id, position`,
      ]) {
        const [x, y] = [(await db.query(more)).rows, (await other.query(more)).rows];
        expect(x.length, more).toBeGreaterThan(0);
        expect(y, more).toEqual(x);
      }
      // seedIfEmpty leaves a seeded database alone.
      expect(await seedIfEmpty(other, { products: N })).toBeNull();
      // a database seeded before the reviews (migration 100) gets the same ones on its next start
      await other.exec('delete from product_reviews; delete from product_journey_steps');
      expect(await seedIfEmpty(other, { products: N })).toBeNull();
      const reviews = `select product_id, rating, author, title, body, created_at from product_reviews
        order by created_at, product_id, rating, author, title, body`;
      expect((await other.query(reviews)).rows).toEqual((await db.query(reviews)).rows);
    } finally {
      await other.close();
    }
  });
});
