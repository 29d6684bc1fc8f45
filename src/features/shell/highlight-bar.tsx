import { linkOf, useStory } from '../../lib/cms-story.ts';

/** Highlight bar above the header, from the CMS (spec 001 §1); the minimal (checkout) layout leaves it out. */
export function HighlightBar() {
  const story = useStory('global/highlight-bar');
  const c = story.data?.content;
  const text = (c?.text ?? c?.title ?? (c?.body?.[0]?.text as string | undefined)) as string | undefined;
  const link = linkOf(c?.link);
  return (
    <aside className="highlight-bar" aria-label="Actie">
      {text ? (
        link ? (
          <a href={link}>{text}</a>
        ) : (
          <span>{text}</span>
        )
      ) : (
        <span>Gratis verzending vanaf € 50 · Gratis retourneren</span>
      )}
    </aside>
  );
}
