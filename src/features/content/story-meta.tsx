import { Link } from '@tanstack/react-router';
import { formatDate, formatDay } from '../../../domain/datetime.ts';
import { cmsText as str, imageOf, type Story } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import { imageLoading } from '../../ui/main-image.ts';

export const isBlogStory = (story: Story) =>
  story.content.component === 'article' || story.content.component === 'event';

/** When an event takes place: the story's event date, else the content's date field. */
function eventDate(story: Story): string | undefined {
  return story.event_date ?? str(story.content.date);
}

/** "Door {author} · 3-2-2026" for an article; date and time and the place for an event. */
function MetaLine({ story }: { story: Story }) {
  const c = story.content;
  if (c.component === 'event') {
    const when = eventDate(story);
    return (
      <dl className="story-meta event-meta">
        {when ? (
          <div>
            <dt>{t('Date')}</dt>
            <dd>
              <time dateTime={when}>{formatDate(when)}</time>
            </dd>
          </div>
        ) : null}
        {str(c.location) ? (
          <div>
            <dt>{t('Location')}</dt>
            <dd>{str(c.location)}</dd>
          </div>
        ) : null}
      </dl>
    );
  }
  const day = str(c.date) ?? story.published_at ?? undefined;
  return (
    <p className="story-meta muted">
      {str(c.author) ? t('By {author}', { author: str(c.author)! }) : null}
      {str(c.author) && day ? ' · ' : null}
      {day ? <time dateTime={day}>{formatDay(day)}</time> : null}
    </p>
  );
}

/** The head of an article or event page (spec 001 §1 "blog"): title, author or place, date and image. */
export function StoryHeader({ story }: { story: Story }) {
  const image = imageOf(story.content.image);
  return (
    <header className="story-header">
      <h1>{str(story.content.title) ?? story.name}</h1>
      <MetaLine story={story} />
      {image ? (
        <img src={image} alt="" width={600} height={744} {...imageLoading(true)} className="story-image" />
      ) : null}
    </header>
  );
}

/** One story in a blog list: image, title, its date (and place for an event) and the teaser, linking to its page. */
export function StoryCard({ story }: { story: Story }) {
  const image = imageOf(story.content.image);
  const teaser = str(story.content.teaser);
  return (
    <li className="story-card">
      <Link to={`/${story.full_slug}`}>
        {image ? <img src={image} alt="" width={300} height={372} loading="lazy" /> : null}
        <span className="story-card-kind muted">{story.kind === 'event' ? t('Event') : t('Article')}</span>
        <strong>{str(story.content.title) ?? story.name}</strong>
      </Link>
      <MetaLine story={story} />
      {teaser ? <p>{teaser}</p> : null}
    </li>
  );
}
