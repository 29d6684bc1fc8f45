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
  const text: string = (getLocale() === 'nl-BE' ? nlBE[k] : undefined) ?? nl[k] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
