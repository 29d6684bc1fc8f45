import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type Doc, type TestServer } from '../../support/test-server.ts';
import { editorToken } from '../../../server/content/preview-tokens.ts';

let server: TestServer;

async function insertStory(s: {
  slug: string;
  name: string;
  kind?: string;
  published?: unknown;
  draft?: unknown;
  tags?: string[];
  eventDate?: string;
  publishedAt?: string;
}): Promise<{ id: number; uuid: string }> {
  const uuid = `uuid-${s.slug.replace(/\W/g, '-')}`;
  const { rows } = await server.db.query<{ id: number; uuid: string }>(
    `insert into cms_stories (uuid, full_slug, name, kind, tag_list, published, draft, event_date, published_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id, uuid`,
    [
      uuid,
      s.slug,
      s.name,
      s.kind ?? 'page',
      s.tags ?? [],
      s.published === null ? null : JSON.stringify(s.published ?? { component: 'page', body: [] }),
      JSON.stringify(s.draft ?? { component: 'page', body: [], draft: true }),
      s.eventDate ?? null,
      s.published === null ? null : (s.publishedAt ?? '2026-01-01T10:00:00Z'),
    ],
  );
  return rows[0];
}

beforeAll(async () => {
  server = await startTestServer({ products: 5 });
  await insertStory({
    slug: 'test/over-ons',
    name: 'Over ons',
    published: {
      component: 'page',
      seo: { title: 'Over ons' },
      body: [
        {
          component: 'rich_text',
          html: '<p onclick="steal()">Welkom<script>alert(1)</script><img src=x onerror=alert(2)></p>',
        },
      ],
    },
    draft: { component: 'page', body: [{ component: 'rich_text', html: '<p>Nieuwe tekst</p>' }] },
  });
  await insertStory({ slug: 'test/alleen-concept', name: 'Concept', published: null });
  for (let i = 1; i <= 8; i++) {
    await insertStory({
      slug: `testblog/artikel-${i}`,
      name: i === 3 ? 'Zo kies je het juiste pak' : `Stijlgids deel ${i}`,
      kind: 'article',
      tags: i % 2 === 0 ? ['pakken'] : ['overhemden'],
      published: { component: 'article', body: [{ component: 'rich_text', html: `<p>Artikel ${i}</p>` }] },
      publishedAt: `2026-01-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
    });
  }
  await insertStory({
    slug: 'testblog/event-voorbij',
    name: 'Modeshow 2025',
    kind: 'event',
    eventDate: '2025-06-01T18:00:00Z',
  });
  await insertStory({
    slug: 'testblog/event-komt',
    name: 'Modeshow 2027',
    kind: 'event',
    eventDate: '2027-06-01T18:00:00Z',
  });
  await server.db.query(
    `insert into store_locations (slug, name, street, house_number, postcode, city, country_id, lat, lng, opening_hours)
     values ('test-utrecht', 'OFM Utrecht', 'Oudegracht', '1', '3511 AA', 'Utrecht', 'NL', 52.09, 5.12, '[]'),
            ('test-gent', 'OFM Gent', 'Veldstraat', '2', '9000', 'Gent', 'BE', 51.05, 3.72, '[]')
     on conflict (slug) do nothing`,
  );
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/cms/story/*', () => {
  it('answers the published story by full slug with its content sanitised', async () => {
    const { status, body } = await api<{ story: Doc }>(server, 'GET', '/api/cms/story/test/over-ons');
    expect(status).toBe(200);
    const story = body.result.story;
    expect(story).toMatchObject({
      full_slug: 'test/over-ons',
      name: 'Over ons',
      uuid: expect.any(String),
      alternates: [],
    });
    expect(story.published_at).toBeTruthy();
    const html = story.content.body[0].html as string;
    expect(html).toContain('Welkom');
    expect(html).not.toMatch(/<script|onerror|onclick/i);
  });

  it('a story without a published version is a 404; an unknown slug too', async () => {
    expect((await api(server, 'GET', '/api/cms/story/test/alleen-concept')).status).toBe(404);
    expect((await api(server, 'GET', "/api/cms/story/bestaat/niet'--")).status).toBe(404);
  });

  it('the draft version needs a valid preview token: 401 without one', async () => {
    expect((await api(server, 'GET', '/api/cms/story/test/over-ons?version=draft')).status).toBe(401);
    expect((await api(server, 'GET', '/api/cms/story/test/over-ons?version=draft&previewToken=verzonnen')).status).toBe(
      401,
    );
    expect((await api(server, 'GET', '/api/cms/story/test/over-ons?version=oud')).status).toBe(400);
  });

  it('GET /api/cms/story/config/theme answers the theme config story', async () => {
    await server.db.query(
      `insert into cms_stories (uuid, full_slug, name, kind, published, draft, published_at)
       values ('theme-uuid', 'config/theme', 'Theme', 'config', '{"component":"theme","primary":"#1f2a44"}', '{}', now())
       on conflict (full_slug) do nothing`,
    );
    const { status, body } = await api<{ story: Doc }>(server, 'GET', '/api/cms/story/config/theme');
    expect(status).toBe(200);
    expect(body.result.story.full_slug).toBe('config/theme');
  });
});

describe('editor preview (validate-editor → previewToken → draft)', () => {
  const link = (spaceId: string, ts: number, token: string) =>
    `/api/cms/validate-editor?_storyblok=1&_storyblok_tk[space_id]=${spaceId}&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${token}`;

  it('a valid editor link yields a preview token that unlocks drafts (query or header)', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const { status, body } = await api<{ previewToken: string }>(
      server,
      'GET',
      link('4711', ts, editorToken('4711', String(ts))),
    );
    expect(status).toBe(200);
    const token = body.result.previewToken;
    expect(token.length).toBeGreaterThan(20);

    const draft = await api<{ story: Doc }>(
      server,
      'GET',
      `/api/cms/story/test/over-ons?version=draft&previewToken=${token}`,
    );
    expect(draft.status).toBe(200);
    expect(draft.body.result.story.content.body[0].html).toBe('<p>Nieuwe tekst</p>');

    const res = await fetch(`${server.baseUrl}/api/cms/story/test/alleen-concept?version=draft`, {
      headers: { 'x-preview-token': token },
    });
    expect(res.status).toBe(200);

    // Stored hashed, never as issued.
    const { rows } = await server.db.query<{ token_hash: string }>('select token_hash from cms_preview_tokens');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('a preview token expires after an hour', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const { body } = await api<{ previewToken: string }>(
      server,
      'GET',
      link('4711', ts, editorToken('4711', String(ts))),
    );
    server.setNow(new Date(Date.now() + 2 * 3600_000));
    try {
      const res = await api(
        server,
        'GET',
        `/api/cms/story/test/over-ons?version=draft&previewToken=${body.result.previewToken}`,
      );
      expect(res.status).toBe(401);
    } finally {
      server.setNow(undefined);
    }
  });

  it('a wrong or outdated editor token is a 401; a missing parameter a 400 naming it', async () => {
    const ts = Math.floor(Date.now() / 1000);
    expect((await api(server, 'GET', link('4711', ts, editorToken('4712', String(ts))))).status).toBe(401);
    const old = ts - 2 * 3600;
    expect((await api(server, 'GET', link('4711', old, editorToken('4711', String(old))))).status).toBe(401);
    const missing = await api(
      server,
      'GET',
      `/api/cms/validate-editor?_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=${ts}`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('_storyblok_tk[token]');
  });
});

describe('GET /api/cms/get-by-uuid', () => {
  it('answers { stories: [story] }; an unknown uuid an empty list; missing uuid 400', async () => {
    const { body } = await api<{ stories: Doc[] }>(server, 'GET', '/api/cms/get-by-uuid?uuid=uuid-test-over-ons');
    expect(body.result.stories.map((s) => s.full_slug)).toEqual(['test/over-ons']);
    const none = await api<{ stories: Doc[] }>(server, 'GET', '/api/cms/get-by-uuid?uuid=onbekend');
    expect(none.body.result.stories).toEqual([]);
    const missing = await api(server, 'GET', '/api/cms/get-by-uuid');
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('querystring.uuid');
  });
});

describe('blog', () => {
  it('GET /api/cms/articles: size default 6, offset default 0, newest first, with total', async () => {
    const { status, body } = await api<{ stories: Doc[]; total: number }>(
      server,
      'GET',
      '/api/cms/articles?storeCode=nl&slug=testblog/',
    );
    expect(status).toBe(200);
    expect(body.result.stories).toHaveLength(6);
    expect(body.result.total).toBe(10);
    const next = await api<{ stories: Doc[]; total: number }>(
      server,
      'GET',
      '/api/cms/articles?storeCode=nl&slug=testblog/&size=6&offset=6',
    );
    expect(next.body.result.stories).toHaveLength(4);
    const firstSlugs = body.result.stories.map((s) => s.full_slug);
    for (const s of next.body.result.stories) expect(firstSlugs).not.toContain(s.full_slug);
  });

  it('articles=true lists the articles, articles=false the events', async () => {
    type Page = { stories: Doc[]; total: number };
    const articles = await api<Page>(server, 'GET', '/api/cms/articles?slug=testblog/&articles=true&size=20');
    expect(articles.body.result.total).toBe(8);
    expect(new Set(articles.body.result.stories.map((s) => s.kind))).toEqual(new Set(['article']));
    const events = await api<Page>(server, 'GET', '/api/cms/articles?slug=testblog/&articles=false&size=20');
    expect(events.body.result.stories.map((s) => s.full_slug).sort()).toEqual([
      'testblog/event-komt',
      'testblog/event-voorbij',
    ]);
  });

  it('upcoming_events=true leaves out events whose date has passed', async () => {
    const { body } = await api<{ stories: Doc[]; total: number }>(
      server,
      'GET',
      '/api/cms/articles?storeCode=nl&slug=testblog/&size=20&upcoming_events=true',
    );
    const slugs = body.result.stories.map((s) => s.full_slug);
    expect(slugs).toContain('testblog/event-komt');
    expect(slugs).not.toContain('testblog/event-voorbij');
    expect(body.result.total).toBe(9);
  });

  it('upcoming events come by their date, the next one first; all events the latest first', async () => {
    // published long before the 2027 show, so by publication it would come last
    await insertStory({
      slug: 'testblog/event-straks',
      name: 'Stijlavond',
      kind: 'event',
      eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      publishedAt: '2025-01-01T10:00:00Z',
    });
    try {
      type Page = { stories: Doc[] };
      const slugs = async (query: string) =>
        (
          await api<Page>(server, 'GET', `/api/cms/articles?slug=testblog/&articles=false&size=20${query}`)
        ).body.result.stories.map((s) => s.full_slug);
      expect(await slugs('&upcoming_events=true')).toEqual(['testblog/event-straks', 'testblog/event-komt']);
      expect(await slugs('')).toEqual(['testblog/event-komt', 'testblog/event-straks', 'testblog/event-voorbij']);
    } finally {
      await server.db.query("delete from cms_stories where full_slug = 'testblog/event-straks'");
    }
  });

  it('bad paging is a 400 naming the field; unknown store 404', async () => {
    const res = await api(server, 'GET', '/api/cms/articles?size=abc');
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('querystring.size');
    expect((await api(server, 'GET', '/api/cms/articles?storeCode=de')).status).toBe(404);
  });

  it('POST /api/cms/blog/search finds by words and tags, and treats metacharacters as text', async () => {
    await server.db.query(
      "update cms_stories set full_slug = 'blog/' || substr(full_slug, 10) where full_slug like 'testblog/%'",
    );
    try {
      const res = await fetch(`${server.baseUrl}/api/cms/blog/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-store-code': 'nl' },
        body: JSON.stringify({ searchQuery: 'juiste pak', tags: [] }),
      });
      const body = (await res.json()) as { result: { stories: Doc[] } };
      expect(res.status).toBe(200);
      expect(body.result.stories.map((st) => st.name)).toContain('Zo kies je het juiste pak');
      // Name matches rank before matches in the body text.
      expect(String(body.result.stories[0].name).toLowerCase()).toContain('juiste pak');

      const tagged = await api<{ stories: Doc[] }>(server, 'POST', '/api/cms/blog/search', {
        searchQuery: '',
        tags: ['pakken'],
      });
      expect(tagged.body.result.stories.length).toBeGreaterThan(0);
      for (const s of tagged.body.result.stories) expect(s.tag_list).toContain('pakken');

      const meta = await api<{ stories: Doc[] }>(server, 'POST', '/api/cms/blog/search', {
        searchQuery: "%' or 1=1 --",
        tags: [],
      });
      expect(meta.status).toBe(200);
      expect(meta.body.result.stories).toEqual([]);

      const bad = await api(server, 'POST', '/api/cms/blog/search', { searchQuery: { $ne: '' }, tags: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.result).toContain('body.searchQuery');
    } finally {
      await server.db.query(
        "update cms_stories set full_slug = 'testblog/' || substr(full_slug, 6) where uuid like 'uuid-testblog-%'",
      );
    }
  });
});

describe('store locator', () => {
  it('GET /api/stores lists stores, optionally by country', async () => {
    const all = await api<Doc[]>(server, 'GET', '/api/stores');
    expect(all.status).toBe(200);
    expect(all.body.result.map((s) => s.slug)).toEqual(expect.arrayContaining(['test-utrecht', 'test-gent']));
    const be = await api<Doc[]>(server, 'GET', '/api/stores?country=BE');
    expect(be.body.result.length).toBeGreaterThan(0);
    for (const s of be.body.result) expect(s.country_id).toBe('BE');
    expect((await api(server, 'GET', '/api/stores?country=België')).status).toBe(400);
  });

  it('GET /api/stores/:slug answers one store; unknown slug 404', async () => {
    const { status, body } = await api<Doc>(server, 'GET', '/api/stores/test-utrecht');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      slug: 'test-utrecht',
      name: 'OFM Utrecht',
      city: 'Utrecht',
      country_id: 'NL',
      opening_hours: [],
    });
    expect((await api(server, 'GET', "/api/stores/x'%20or%201=1")).status).toBe(404);
  });
});
