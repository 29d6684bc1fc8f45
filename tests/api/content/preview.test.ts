import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/server-suite.ts';
import { api, type Doc, type TestServer } from '../../support/test-server.ts';
import { editorToken } from '../../../server/content/preview-tokens.ts';

/**
 * The editor's live draft preview (spec 001 §2 "Draft preview"): draft by story id, the editor's save, and the
 * server-sent events an open preview listens to. Every one of them needs a preview token.
 */
let server: TestServer;
useTestServer({ products: 4 }, (s) => {
  server = s;
});

async function previewToken(): Promise<string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const { body } = await api<{ previewToken: string }>(
    server,
    'GET',
    `/api/cms/validate-editor?_storyblok=1&_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${editorToken('4711', ts)}`,
  );
  return body.result.previewToken;
}

async function storyId(fullSlug: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('select id from cms_stories where full_slug = $1', [fullSlug]);
  return rows[0].id;
}

function save(id: number, body: unknown, token?: string) {
  return fetch(`${server.baseUrl}/api/cms/editor/stories/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-preview-token': token } : {}) },
    body: JSON.stringify(body),
  });
}

const page = (text: string) => ({ component: 'page', body: [{ component: 'rich_text', html: `<p>${text}</p>` }] });

/** Reads server-sent events from an open stream until `until` is satisfied by one of them. */
async function readEvents(res: Response, until: (event: string, data: Doc) => boolean, timeoutMs = 10_000) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen: { event: string; data: Doc }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(chunk)?.[1];
        const data = /^data: (.*)$/m.exec(chunk)?.[1];
        if (!event || !data) continue;
        seen.push({ event, data: JSON.parse(data) as Doc });
        if (until(event, seen.at(-1)!.data)) return seen;
      }
    }
    return seen;
  } finally {
    await reader.cancel();
  }
}

describe('GET /api/cms/preview/story/{id}', () => {
  it('answers the draft with a preview token; 401 without one; 400 naming a bad id', async () => {
    const id = await storyId('over-ons');
    expect((await api(server, 'GET', `/api/cms/preview/story/${id}`)).status).toBe(401);
    const token = await previewToken();
    const res = await fetch(`${server.baseUrl}/api/cms/preview/story/${id}`, { headers: { 'x-preview-token': token } });
    expect(res.status).toBe(200);
    const story = ((await res.json()) as Doc).result.story;
    expect(story.full_slug).toBe('over-ons');
    // the seeded draft differs from the published page (docs/seeded-data.md)
    expect(JSON.stringify(story.content)).toContain('persoonlijk stijladvies');

    const bad = await api(server, 'GET', `/api/cms/preview/story/abc?previewToken=${token}`);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('params.id');
    expect((await api(server, 'GET', `/api/cms/preview/story/999999?previewToken=${token}`)).status).toBe(404);
  });
});

describe('PUT /api/cms/editor/stories/{id}', () => {
  it('saves a draft only with a preview token; the published page stays as it was', async () => {
    const id = await storyId('cadeaubonnen');
    expect((await save(id, { content: page('Niet van een editor') })).status).toBe(401);
    expect((await save(id, { content: page('Verkeerd token') }, 'x'.repeat(43))).status).toBe(401);

    const token = await previewToken();
    const res = await save(id, { content: page('Nieuw: de digitale cadeaubon') }, token);
    expect(res.status).toBe(200);
    const draft = await api<{ story: Doc }>(
      server,
      'GET',
      `/api/cms/story/cadeaubonnen?version=draft&previewToken=${token}`,
    );
    expect(draft.body.result.story.content.body[0].html).toBe('<p>Nieuw: de digitale cadeaubon</p>');
    const published = await api<{ story: Doc }>(server, 'GET', '/api/cms/story/cadeaubonnen');
    expect(JSON.stringify(published.body.result.story.content)).not.toContain('digitale cadeaubon');
  });

  it('publishes when asked, and its HTML is sanitised on the way out', async () => {
    const id = await storyId('privacy');
    const token = await previewToken();
    const html = '<p onclick="steal()">Bijgewerkt<script>alert(1)</script></p>';
    const res = await save(
      id,
      { content: { component: 'page', body: [{ component: 'rich_text', html }] }, publish: true },
      token,
    );
    expect(res.status).toBe(200);
    const published = await api<{ story: Doc }>(server, 'GET', '/api/cms/story/privacy');
    expect(published.body.result.story.content.body[0].html).toBe('<p>Bijgewerkt</p>');
  });

  it('bad input is a 400 naming the field; a slug of another story a 409', async () => {
    const id = await storyId('klantenservice');
    const token = await previewToken();
    const cases: [unknown, string][] = [
      [{}, 'body.content is required'],
      [{ content: 'tekst' }, 'body.content'],
      [{ content: { body: [] } }, 'body.content.component is required'],
      [{ content: page('x'), publish: 'ja' }, 'body.publish'],
      [{ content: page('x'), publish: true, full_slug: 'Met Spaties' }, 'body.full_slug'],
      [{ content: page('x'), full_slug: 'klantenservice-nieuw' }, 'body.full_slug'],
      [{ content: page('x'), extra: 1 }, 'body.extra'],
    ];
    for (const [body, field] of cases) {
      const res = await save(id, body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Doc).result).toContain(field);
    }
    const taken = await save(id, { content: page('x'), publish: true, full_slug: 'privacy' }, token);
    expect(taken.status).toBe(409);
    expect((await save(999_999, { content: page('x') }, token)).status).toBe(404);
    expect((await save(0, { content: page('x') }, token)).status).toBe(400);
  });
});

describe('GET /api/cms/preview/events (server-sent events)', () => {
  it('refuses without a valid preview token (401) and names a bad story id (400)', async () => {
    const id = await storyId('over-ons');
    expect((await fetch(`${server.baseUrl}/api/cms/preview/events?storyId=${id}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/cms/preview/events?storyId=${id}&previewToken=nope`)).status).toBe(401);
    const token = await previewToken();
    const bad = await api(server, 'GET', `/api/cms/preview/events?storyId=abc&previewToken=${token}`);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('querystring.storyId');
    const missing = await api(server, 'GET', `/api/cms/preview/events?previewToken=${token}`);
    expect(missing.body.result).toContain('querystring.storyId is required');
  });

  it('an open stream hears a saved draft, then a publication with and without a slug change', async () => {
    const id = await storyId('verzenden-en-retourneren');
    const token = await previewToken();
    const open = () =>
      fetch(`${server.baseUrl}/api/cms/preview/events?storyId=${id}&previewToken=${token}`, {
        headers: { accept: 'text/event-stream' },
      });

    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    // let the stream take its first look before the save
    await new Promise((r) => setTimeout(r, 300));
    expect((await save(id, { content: page('Gratis retour tot 60 dagen') }, token)).status).toBe(200);
    const drafts = await readEvents(stream, (event) => event === 'draft');
    expect(drafts.at(-1)?.data.story.content.body[0].html).toBe('<p>Gratis retour tot 60 dagen</p>');

    const second = await open();
    await new Promise((r) => setTimeout(r, 300));
    expect((await save(id, { content: page('Gepubliceerd'), publish: true }, token)).status).toBe(200);
    const published = await readEvents(second, (event) => event === 'published');
    expect(published.at(-1)).toEqual({
      event: 'published',
      data: { full_slug: 'verzenden-en-retourneren', slug_changed: false },
    });

    const third = await open();
    await new Promise((r) => setTimeout(r, 300));
    const moved = { content: page('Verhuisd'), publish: true, full_slug: 'verzenden-retourneren' };
    expect((await save(id, moved, token)).status).toBe(200);
    const slug = await readEvents(third, (event) => event === 'published');
    expect(slug.at(-1)?.data).toEqual({ full_slug: 'verzenden-retourneren', slug_changed: true });
  });

  it('a stream ends when its preview token expires', async () => {
    const id = await storyId('over-ons');
    const token = await previewToken();
    const stream = await fetch(`${server.baseUrl}/api/cms/preview/events?storyId=${id}&previewToken=${token}`);
    expect(stream.status).toBe(200);
    server.setNow(new Date(Date.now() + 2 * 3600_000));
    try {
      const events = await readEvents(stream, () => false, 5000);
      expect(events).toEqual([]);
      // the stream closed by itself, well before the read's deadline
    } finally {
      server.setNow(undefined);
    }
  });
});
