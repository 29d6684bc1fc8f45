import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cmsText as str, fetchArticles, type Story, type StoryBlock } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import { Button } from '../../ui/button.tsx';

const dayFormat = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' });

function ArticleCard({ story }: { story: Story }) {
  const c = story.content;
  const date = str(c.date) ?? str(c.event_date);
  return (
    <li className="article-card">
      <Link to={`/${story.full_slug}`}>
        <h2>{str(c.title) ?? story.name}</h2>
      </Link>
      {date ? <p className="muted">{dayFormat.format(new Date(date))}</p> : null}
      {str(c.teaser) ? <p>{str(c.teaser)}</p> : null}
    </li>
  );
}

/**
 * The blog's article list (spec 001 §1 "a content-managed site and blog", §7 "GET articles"), a block of the CMS
 * story `blog`: the articles and events under the block's slug (default `blog/`), newest first, six at a time
 * (spec 001 §9) with "Meer artikelen" for the next six.
 */
export function ArticleList({ block }: { block: StoryBlock }) {
  const slug = str(block.slug) ?? 'blog/';
  const [stories, setStories] = useState<Story[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [state, setState] = useState<'loading' | 'idle' | 'error'>('loading');
  const load = (offset: number) => {
    setState('loading');
    fetchArticles(slug, offset).then(
      (page) => {
        setStories((s) => [...s.slice(0, offset), ...page.stories]);
        setTotal(page.total);
        setState('idle');
      },
      () => setState('error'),
    );
  };
  useEffect(() => load(0), [slug]);
  return (
    <section className="article-list">
      <ul>
        {stories.map((s) => (
          <ArticleCard key={s.full_slug} story={s} />
        ))}
      </ul>
      {total === 0 ? <p>{t('There are no articles yet.')}</p> : null}
      {state === 'error' ? (
        <p role="alert">
          {t('The articles could not be loaded.')}{' '}
          <Button variant="secondary" onClick={() => load(stories.length)}>
            {t('Try again')}
          </Button>
        </p>
      ) : null}
      {total !== null && stories.length < total && state !== 'error' ? (
        <Button variant="secondary" disabled={state === 'loading'} onClick={() => load(stories.length)}>
          {t('More articles')}
        </Button>
      ) : null}
    </section>
  );
}
