import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { useStory } from '../../lib/cms-story.ts';
import { useReloadWhenOnline } from '../../lib/online.ts';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Blocks } from './blocks.tsx';

/** The CMS pages the named modals "terms and conditions" and "privacy statement" show (spec 001 §2). */
export const STORY_MODAL_SLUGS = { terms: 'algemene-voorwaarden', privacy: 'privacy' } as const;

const FALLBACK_TITLE = { terms: 'Terms and conditions', privacy: 'Privacy statement' } as const;

/**
 * A content page in a modal, so a shopper reads it without leaving the page they are on (the checkout keeps what
 * was typed). The page's text blocks only: its hero is the modal's title.
 */
export function StoryModal({ kind, onClose }: { kind: keyof typeof STORY_MODAL_SLUGS; onClose: () => void }) {
  const story = useStory(STORY_MODAL_SLUGS[kind]);
  useReloadWhenOnline(story.status === 'error', story.reload);
  const body = (story.data?.content.body ?? []).filter((b) => !['hero', 'banner', 'hero_banner'].includes(b.component));
  return (
    <Modal open title={story.data?.name ?? t(FALLBACK_TITLE[kind])} onClose={onClose}>
      <div className="story-modal">
        {story.status === 'loading' ? (
          <Loader />
        ) : story.status === 'error' || !story.data ? (
          <p className="muted">{t('This page is not available offline')}</p>
        ) : (
          <Blocks blocks={body} />
        )}
      </div>
    </Modal>
  );
}

export function TermsModal({ onClose }: ModalProps<'terms'>) {
  return <StoryModal kind="terms" onClose={onClose} />;
}

export function PrivacyModal({ onClose }: ModalProps<'privacy'>) {
  return <StoryModal kind="privacy" onClose={onClose} />;
}
