import type { Theme } from '../../domain/content/theme.ts';

export type { Theme, ThemeMenuItem } from '../../domain/content/theme.ts';

/** The shop's content configuration (spec 001 §7 "theme config"). */
export interface ContentApi {
  /**
   * The theme config (logo, menu, colours): network first, the copy this device kept when the server cannot be
   * reached; null offline on a device that never read it.
   */
  loadTheme(): Promise<Theme | null>;
  /** Keeps the theme a server-rendered page came with as this device's copy, without asking the server again. */
  keepTheme(theme: Theme): Promise<void>;
}
