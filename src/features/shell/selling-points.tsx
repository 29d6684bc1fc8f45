import { useStory, type StoryBlock } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import { Usps } from '../../ui/usps.tsx';

/** The selling-points strip (spec 001 §1): the usps block of the CMS story global/usps under the header. */
export function SellingPoints() {
  const story = useStory('global/usps');
  const content = story.data?.content;
  // While the story loads (a page the app rendered alone), a line of the strip's height holds its place, so the
  // page under it does not move when it comes.
  if (!content && story.status === 'loading') {
    return (
      <div className="selling-points" aria-hidden="true">
        <ul className="cms-usps">
          <li>
            <strong>&nbsp;</strong>
          </li>
        </ul>
      </div>
    );
  }
  if (!content || content.component !== 'usps') return null;
  return (
    <aside className="selling-points" aria-label={t('Our promises')}>
      <Usps block={content as StoryBlock} />
    </aside>
  );
}
