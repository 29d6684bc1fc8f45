import { Link } from '@tanstack/react-router';
import { cmsText as str, linkOf, type StoryBlock } from '../lib/cms-story.ts';

interface UspItem {
  bold?: string;
  normal?: string;
  link?: string;
}

/** One usp of the CMS block: the seed's `bold`/`normal`, or Storyblok's `bold_label`/`normal_label` field names. */
function uspOf(item: StoryBlock): UspItem {
  return {
    bold: str(item.bold) ?? str(item.bold_label) ?? str(item.boldLabel) ?? str(item.title),
    normal: str(item.normal) ?? str(item.normal_label) ?? str(item.normalLabel) ?? str(item.text),
    link: linkOf(item.link),
  };
}

/**
 * The usps block (spec 001 §1): bold and normal labels, each with an optional link, and an optional rating block;
 * centred when it has exactly 3 items. The content pages and the shell's selling-points strip both render it.
 */
export function Usps({ block, className = '' }: { block: StoryBlock; className?: string }) {
  const items = (Array.isArray(block.items) ? (block.items as StoryBlock[]) : []).map(uspOf);
  const rating = (block.rating && typeof block.rating === 'object' ? block.rating : {}) as { label?: unknown };
  const ratingLabel = str(rating.label);
  return (
    <ul className={`cms-usps${items.length === 3 ? ' cms-usps-centered' : ''} ${className}`.trim()}>
      {items.map((item, i) => {
        const text = (
          <>
            <strong>{item.bold}</strong> {item.normal}
          </>
        );
        return <li key={i}>{item.link ? <Link to={item.link}>{text}</Link> : text}</li>;
      })}
      {ratingLabel ? <li className="usps-rating">{ratingLabel}</li> : null}
    </ul>
  );
}
