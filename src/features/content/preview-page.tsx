import { useEffect, useState } from 'react';
import type { Story } from '../../lib/cms-story.ts';
import { t } from './preview-texts.ts';
import { Loader } from '../../ui/loader.tsx';
import { StoryView } from './content-page.tsx';
import { editorLinkOf, fetchDraftStory, followDraft, requestPreviewToken } from './preview-api.ts';

type PreviewState = { status: 'loading' } | { status: 'ready'; story: Story } | { status: 'failed'; message: string };

/**
 * The editor's draft preview, `/storyblok` and `/storyblok-empty` (spec 001 §2 "Draft preview"): the editor link is
 * traded for a preview token, the draft story is loaded and every save in the editor replaces it live.
 */
export function PreviewPage() {
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  useEffect(() => {
    const link = editorLinkOf(window.location.search);
    if (!link) {
      setState({ status: 'failed', message: t('This preview only opens from the content editor.') });
      return;
    }
    let stopped = false;
    let close: (() => void) | undefined;
    void (async () => {
      const token = await requestPreviewToken(link);
      if (stopped) return;
      if (!token) {
        setState({ status: 'failed', message: t('The editor link is invalid or has expired.') });
        return;
      }
      const story = await fetchDraftStory(link.storyId, token);
      if (stopped) return;
      if (!story) {
        setState({ status: 'failed', message: t('This story does not exist (any more).') });
        return;
      }
      setState({ status: 'ready', story });
      close = followDraft(link.storyId, token, {
        draft: (next) => setState({ status: 'ready', story: next }),
        published: () => window.location.reload(),
      });
    })().catch(() => {
      if (!stopped) setState({ status: 'failed', message: t('The draft could not be loaded. Check your connection.') });
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, []);
  if (state.status === 'loading') return <Loader />;
  if (state.status === 'failed') {
    return (
      <div className="page">
        <h1>{t('Preview')}</h1>
        <p role="alert">{state.message}</p>
      </div>
    );
  }
  return <StoryView story={state.story} />;
}
