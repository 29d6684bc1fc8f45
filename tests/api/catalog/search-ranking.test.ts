import { describe, expect, it } from 'vitest';
import { api, type Doc, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;
let blue: string;
useTestServer({ products: 300 }, async (s) => {
  server = s;
  const { rows } = await s.db.query<{ value: string }>(
    `select o.value from attribute_options o join attributes a using (attribute_id)
      where a.attribute_code = 'color' and o.label = 'Blauw'`,
  );
  blue = rows[0].value;
});

const post = <T>(path: string, body?: unknown) => api<T>(server, 'POST', path, body);
const search = (text: string, size = 24) =>
  post<{ items: Doc[]; total: number }>('/api/catalog/nl/product/_search', {
    text,
    size,
    includeFields: ['sku', 'name', 'color', '_score'],
  });
const colours = (doc: Doc): string[] => [doc.color].flat().map(String);
const isShirt = (doc: Doc) => /overhemd/i.test(String(doc.name));

/** How many listed parent products are shirts of this colour (the ground truth of the ranking tests). */
async function shirtsOfColour(colour: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    `select count(*)::int as n from products p where p.parent_id is null and p.visibility in (2, 3, 4)
        and p.status in (0, 1) and p.name ilike '%overhemd%' and p.attrs -> 'color' ? $1`,
    [colour],
  );
  return rows[0].n;
}

describe('text search ranking (spec 000 §9: fuzziness 2, minimum_should_match 75 %, boosts name 4, sku 2, category 1)', () => {
  it('"overhmd blauw", both words misspelt or not, lists the blue shirts first', async () => {
    const blueShirts = await shirtsOfColour(blue);
    expect(blueShirts).toBeGreaterThan(1);
    for (const text of ['overhmd blauw', 'overhemd blaw', 'overhemd blauw']) {
      const { status, body } = await search(text, 60);
      expect(status, text).toBe(200);
      const items = body.result.items;
      const top = items.slice(0, Math.min(blueShirts, items.length));
      for (const item of top) {
        expect(isShirt(item), `${text}: ${item.name}`).toBe(true);
        expect(colours(item), `${text}: ${item.name}`).toContain(blue);
      }
      // 75 % of two words is one: shirts of other colours and other blue products follow.
      expect(body.result.total).toBeGreaterThan(blueShirts);
      const scores = items.map((i) => i._score as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('"overhemd blauw" has a blue shirt as its top hit, not a shirt of another colour', async () => {
    const { body } = await search('overhemd blauw', 1);
    const [top] = body.result.items;
    expect(isShirt(top)).toBe(true);
    expect(colours(top)).toEqual([blue]);
  });

  it('a page of the every-word pass is the same page as of every match scored, and total counts either word', async () => {
    // size 5: the blue shirts fill the page, so only they are scored; size 60: more than there are, so all are.
    const all = (await search('overhemd blauw', 60)).body.result;
    const firstPage = (await search('overhemd blauw', 5)).body.result;
    expect(firstPage.items.map((i) => i.sku)).toEqual(all.items.slice(0, 5).map((i) => i.sku));
    const secondPage = (
      await post<{ items: Doc[]; total: number }>('/api/catalog/nl/product/_search', {
        text: 'overhemd blauw',
        start: 5,
        size: 5,
        includeFields: ['sku'],
      })
    ).body.result;
    expect(secondPage.items.map((i) => i.sku)).toEqual(all.items.slice(5, 10).map((i) => i.sku));
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from products p where p.visibility in (2, 3, 4) and p.status in (0, 1)
          and (p.search @@ plainto_tsquery('dutch', 'overhemd') or p.search @@ plainto_tsquery('dutch', 'blauw'))`,
    );
    for (const result of [all, firstPage, secondPage]) expect(result.total).toBe(rows[0].n);
  });

  it('a disabled product leaves the text search at once (product_search follows products)', async () => {
    const { body } = await search('overhemd blauw', 1);
    const [top] = body.result.items;
    await server.db.query('update products set status = 2 where sku = $1', [top.sku]);
    try {
      const after = (await search('overhemd blauw', 60)).body.result;
      expect(after.items.map((i) => i.sku)).not.toContain(top.sku);
      expect(after.total).toBe(body.result.total - 1);
    } finally {
      await server.db.query('update products set status = 1 where sku = $1', [top.sku]);
    }
    expect((await search('overhemd blauw', 1)).body.result.items[0].sku).toBe(top.sku);
  });

  it('the name counts more than the category: "pantalon" lists trousers named so before others', async () => {
    const { body } = await search('pantalon', 60);
    const named = body.result.items.map((i) => /pantalon/i.test(String(i.name)));
    expect(named[0]).toBe(true);
    expect(named.indexOf(false) === -1 || !named.slice(named.indexOf(false)).includes(true)).toBe(true);
  });

  it('finds a product by its sku', async () => {
    const { rows } = await server.db.query<{ sku: string }>(
      `select sku from products where parent_id is null and visibility = 4 and status = 1 order by id desc limit 1`,
    );
    const { body } = await search(rows[0].sku.toLowerCase());
    expect(body.result.items[0].sku).toBe(rows[0].sku);
  });

  it('a word far from every catalogue word finds nothing', async () => {
    const { body } = await search('qqqxxzz');
    expect(body.result.total).toBe(0);
  });
});
