/**
 * The theme config of spec 001 §7 (`GET {cms-endpoint}/story/config/theme`): the story's content as the shop uses it.
 * Read once from whatever the CMS sends, so the header, the menu and the colours never read raw story fields.
 */

/** Spec 001 §9: "The logo fallback is an asset named logo-header" (public/assets/logo-header.svg). */
export const LOGO_FALLBACK = '/assets/logo-header.svg';

export interface ThemeMenuItem {
  title: string;
  /** A path in the shop ('/heren-pakken') or a full URL. */
  link: string;
  /** The category the item stands for, whose children are its submenu; absent for a plain link. */
  categoryId?: number;
}

/** Theme colour → the design token it sets (src/styles/tokens.css). */
export const THEME_COLOR_TOKENS = {
  primary: '--accent',
  secondary: '--accent-2',
  background: '--bg',
  sale: '--sale',
} as const;

export type ThemeColor = keyof typeof THEME_COLOR_TOKENS;

export interface Theme {
  logo: { src: string; alt: string; link: string };
  /** Empty when the story names none: the menu then shows the category tree. */
  menu: ThemeMenuItem[];
  /** Only the colours given as a hex colour (#rgb, #rrggbb, with or without alpha). */
  colors: Partial<Record<ThemeColor, string>>;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A link the shop may show: a path of its own or an http(s) URL (never `javascript:`). */
function safeLink(v: unknown): string | undefined {
  const raw =
    typeof v === 'object' && v !== null
      ? (text((v as { url?: unknown }).url) ?? text((v as { cached_url?: unknown }).cached_url))
      : text(v);
  if (!raw) return undefined;
  if (/^https?:\/\//i.test(raw) || raw.startsWith('/')) return raw;
  return /^[a-z][a-z\d+.-]*:/i.test(raw) ? undefined : `/${raw}`;
}

/** A CMS image: a URL or Storyblok's `{ filename }`; same-origin paths and https only. */
function safeImage(v: unknown): string | undefined {
  const raw = typeof v === 'object' && v !== null ? text((v as { filename?: unknown }).filename) : text(v);
  return raw && (raw.startsWith('/') || /^https:\/\//i.test(raw)) && !raw.startsWith('//') ? raw : undefined;
}

/** The theme a story's content describes; every field the story lacks or gets wrong has the shop's default. */
export function themeOf(content: unknown): Theme {
  const c = (content && typeof content === 'object' ? content : {}) as Record<string, unknown>;
  const logo = (c.logo && typeof c.logo === 'object' ? c.logo : {}) as Record<string, unknown>;
  const menu = (Array.isArray(c.menu) ? c.menu : []).flatMap((raw): ThemeMenuItem[] => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const title = text(item.title);
    const link = safeLink(item.link);
    if (!title || !link) return [];
    const id = Number(item.category_id);
    return [Number.isInteger(id) && id > 0 ? { title, link, categoryId: id } : { title, link }];
  });
  const given = (c.colors && typeof c.colors === 'object' ? c.colors : {}) as Record<string, unknown>;
  const colors: Theme['colors'] = {};
  for (const name of Object.keys(THEME_COLOR_TOKENS) as ThemeColor[]) {
    const value = given[name];
    if (typeof value === 'string' && HEX_COLOR.test(value)) colors[name] = value;
  }
  return {
    logo: {
      src: safeImage(logo.image) ?? safeImage(logo.filename) ?? LOGO_FALLBACK,
      alt: text(logo.alt) ?? 'OFM',
      link: safeLink(logo.link) ?? '/',
    },
    menu,
    colors,
  };
}

/** The custom properties a theme sets, as [token, value] pairs (the app sets them on the document's root). */
export function themeColorProperties(theme: Pick<Theme, 'colors'>): [string, string][] {
  return (Object.keys(THEME_COLOR_TOKENS) as ThemeColor[]).flatMap((name) => {
    const value = theme.colors[name];
    return value ? [[THEME_COLOR_TOKENS[name], value] as [string, string]] : [];
  });
}
