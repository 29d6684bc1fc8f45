import type { ReactNode } from 'react';

/**
 * The social networks' marks, simplified to line drawings on the 24×24 grid of the shop's icons (src/ui/icon.tsx), in
 * the text colour. An unknown network gets a plain link mark, so an editor's new network still shows an icon.
 */
const SOCIAL_SHAPES: Record<string, ReactNode> = {
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </>
  ),
  facebook: (
    <path d="M14.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.5V4.4a20 20 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2.3H9v3h2.5V21" />
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <path d="M8 10.5V17M8 7.2v.1M11.5 17v-6.5M11.5 13.2c0-1.6 1-2.7 2.4-2.7s2.1 1 2.1 2.6V17" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
  tiktok: <path d="M13 4v11.5a3.5 3.5 0 1 1-3.5-3.5M13 4c.4 2.6 2 4.2 5 4.5" />,
  pinterest: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M11.5 8.5c2.7-.4 4.3 1.2 4 3.3-.3 2.2-2 3.4-3.5 2.8M12 11l-2.3 9.5" />
    </>
  ),
};

const LINK_SHAPE = (
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
);

/** A social network's icon, decorative: the link around it carries the accessible name. */
export function SocialIcon({ name }: { name: string }) {
  return (
    <svg
      aria-hidden="true"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {Object.hasOwn(SOCIAL_SHAPES, name) ? SOCIAL_SHAPES[name] : LINK_SHAPE}
    </svg>
  );
}
