import { describe, expect, test } from 'vitest';
import { LOGO_FALLBACK, themeColorProperties, themeOf } from '../../../../domain/content/theme.ts';

describe('theme config (spec 001 §7; logo fallback §9)', () => {
  test("the story's logo, menu and colours", () => {
    const theme = themeOf({
      component: 'theme',
      logo: { image: '/assets/logo.svg', alt: 'OFM Herenmode', link: '/' },
      menu: [
        { title: 'Pakken', link: '/heren-pakken', category_id: 12 },
        { title: 'Blog', link: { cached_url: 'blog/' } },
      ],
      colors: { primary: '#1f2a44', secondary: '#C9A227', background: '#fff', sale: '#b3261e' },
    });
    expect(theme.logo).toEqual({ src: '/assets/logo.svg', alt: 'OFM Herenmode', link: '/' });
    expect(theme.menu).toEqual([
      { title: 'Pakken', link: '/heren-pakken', categoryId: 12 },
      { title: 'Blog', link: '/blog/' },
    ]);
    expect(themeColorProperties(theme)).toEqual([
      ['--accent', '#1f2a44'],
      ['--accent-2', '#C9A227'],
      ['--bg', '#fff'],
      ['--sale', '#b3261e'],
    ]);
  });

  test('without a logo image the asset logo-header is the logo', () => {
    expect(themeOf({ logo: { alt: 'OFM' } }).logo).toEqual({ src: LOGO_FALLBACK, alt: 'OFM', link: '/' });
    expect(themeOf(null)).toEqual({ logo: { src: LOGO_FALLBACK, alt: 'OFM', link: '/' }, menu: [], colors: {} });
    expect(LOGO_FALLBACK).toBe('/assets/logo-header.svg');
  });

  test('a colour that is no hex colour, a script link or a foreign image is left out', () => {
    const theme = themeOf({
      logo: { image: '//evil.example/x.svg', link: 'javascript:alert(1)' },
      menu: [
        { title: 'Kwaad', link: 'javascript:alert(1)' },
        { title: '', link: '/leeg' },
        { title: 'Buiten', link: 'https://blog.ofm.nl/' },
      ],
      colors: { primary: 'red; background: url(x)', sale: '#12345', secondary: 42 },
    });
    expect(theme.logo).toEqual({ src: LOGO_FALLBACK, alt: 'OFM', link: '/' });
    expect(theme.menu).toEqual([{ title: 'Buiten', link: 'https://blog.ofm.nl/' }]);
    expect(themeColorProperties(theme)).toEqual([]);
  });
});
