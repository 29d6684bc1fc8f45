import type { ReactNode } from 'react';

/** The shop's line icons on a 24×24 grid: their shapes, and the drawn size and stroke width where not the usual. */
const ICONS: Record<
  'cart' | 'search' | 'wishlist' | 'account' | 'home' | 'menu' | 'store' | 'service',
  { size?: number; strokeWidth?: number; shapes: ReactNode }
> = {
  cart: {
    size: 24,
    shapes: (
      <>
        <path d="M5 8h14l-1.2 12H6.2L5 8z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </>
    ),
  },
  search: {
    size: 20,
    strokeWidth: 2,
    shapes: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-4-4" />
      </>
    ),
  },
  wishlist: {
    shapes: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  },
  account: {
    shapes: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </>
    ),
  },
  home: {
    shapes: <path d="M4 11 12 4l8 7v9h-5v-6H9v6H4z" />,
  },
  menu: {
    shapes: <path d="M4 7h16M4 12h16M4 17h16" />,
  },
  store: {
    shapes: (
      <>
        <path d="M4 9 5.5 4h13L20 9" />
        <path d="M4 9h16v11H4zM10 20v-6h4v6" />
      </>
    ),
  },
  service: {
    shapes: <path d="M4 5h16v11H9l-5 4z" />,
  },
};

/** A decorative icon in the text colour; the control around it carries the accessible name. */
export function Icon({ name }: { name: keyof typeof ICONS }) {
  const { size = 22, strokeWidth = 1.8, shapes } = ICONS[name];
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {shapes}
    </svg>
  );
}
