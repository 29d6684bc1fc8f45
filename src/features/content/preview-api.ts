import type { Story } from '../../lib/cms-story.ts';

/** The visual editor's link (spec 001 §2 "Draft preview"): story id, space id, timestamp, token, optional release. */
export interface EditorLink {
  storyId: number;
  /** the link's own query, passed on to validate-editor as the editor signed it */
  query: string;
}

const EDITOR_PARAMS = ['_storyblok_tk[space_id]', '_storyblok_tk[timestamp]', '_storyblok_tk[token]'];

export function editorLinkOf(search: string): EditorLink | null {
  const params = new URLSearchParams(search);
  const storyId = Number(params.get('_storyblok'));
  if (!Number.isInteger(storyId) || storyId < 1 || EDITOR_PARAMS.some((p) => !params.get(p))) return null;
  return { storyId, query: params.toString() };
}

/** The editor link traded for a preview token; null when the server refuses the link (wrong or expired). */
export async function requestPreviewToken(link: EditorLink): Promise<string | null> {
  const res = await fetch(`/api/cms/validate-editor?${link.query}`, { headers: { accept: 'application/json' } });
  if (res.status === 401 || res.status === 400) return null;
  if (!res.ok) throw new Error(`validate-editor ${res.status}`);
  return ((await res.json()) as { result: { previewToken: string } }).result.previewToken;
}

export async function fetchDraftStory(storyId: number, previewToken: string): Promise<Story | null> {
  const res = await fetch(`/api/cms/preview/story/${storyId}`, {
    headers: { 'accept': 'application/json', 'x-preview-token': previewToken },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`preview story ${res.status}`);
  return ((await res.json()) as { result: { story: Story } }).result.story;
}

/**
 * The server's stream of the editor's saves: a saved draft replaces the shown story; a publication without a
 * slug change reloads the page (spec 001 §2), one that moved the story leaves the preview as it is.
 * Returns `close`.
 */
export function followDraft(
  storyId: number,
  previewToken: string,
  on: { draft: (story: Story) => void; published: () => void },
): () => void {
  const query = new URLSearchParams({ storyId: String(storyId), previewToken });
  const source = new EventSource(`/api/cms/preview/events?${query}`);
  source.addEventListener('draft', (e) =>
    on.draft((JSON.parse((e as MessageEvent<string>).data) as { story: Story }).story),
  );
  source.addEventListener('published', (e) => {
    const { slug_changed: slugChanged } = JSON.parse((e as MessageEvent<string>).data) as { slug_changed: boolean };
    if (!slugChanged) on.published();
  });
  return () => source.close();
}
