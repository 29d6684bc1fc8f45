import { nl, nlBE, type MessageKey } from './nl.ts';

export type { MessageKey };
export type Locale = 'nl-NL' | 'nl-BE';

let locale: Locale = 'nl-NL';
/** On the server: the locale of the render in progress (src/entry-server.tsx); the browser has one per page. */
let localeOfRender: (() => Locale) | undefined;

/** The server renders pages of both store views at once: each render's texts follow its own store view. */
export function resolveLocaleWith(resolver: () => Locale): void {
  localeOfRender = resolver;
}

export function setLocale(next: Locale): void {
  locale = next;
  // the server renders <html lang> itself (src/app/shop-document.tsx)
  if (typeof document !== 'undefined') document.documentElement.lang = next === 'nl-BE' ? 'nl-BE' : 'nl';
}

export function getLocale(): Locale {
  return localeOfRender ? localeOfRender() : locale;
}

/**
 * Translate a message key (the spec's English text) with `{param}` placeholders. An unknown key is shown as given:
 * worker and server messages that are already Dutch (e.g. 'De gevraagde hoeveelheid is niet beschikbaar') pass through.
 */
export function t(key: MessageKey | (string & {}), params?: Record<string, string | number>): string {
  const k = key as MessageKey;
  return fill((getLocale() === 'nl-BE' ? nlBE[k] : undefined) ?? nl[k] ?? key, params);
}

/**
 * The `t` of a lazy feature whose pages have texts no other page shows: they travel in the feature's chunk, not in
 * the entry every page loads (docs/architecture.md "Conventions"). A key it does not have is the shop's (`t`).
 */
export function featureTexts<K extends string>(texts: Record<K, string>, belgian: Partial<Record<K, string>> = {}) {
  const featureT = (key: K | MessageKey | (string & {}), params?: Record<string, string | number>): string => {
    const k = key as K;
    const own = Object.hasOwn(texts, k) ? ((getLocale() === 'nl-BE' ? belgian[k] : undefined) ?? texts[k]) : undefined;
    return own === undefined ? t(key, params) : fill(own, params);
  };
  // the catalogue's tests read every feature's texts as they read nl's
  return Object.assign(featureT, { texts, belgian });
}

function fill(text: string, params: Record<string, string | number> | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
