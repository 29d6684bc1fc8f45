import { describe, expect, it } from 'vitest';
import { lastSegment, normalizePath, urlPathOf } from '../../../domain/url-path.ts';

describe('one spelling per path (spec 000 §2 route resolution)', () => {
  it('a path with and without a trailing slash is one path', () => {
    expect(normalizePath('/heren-overhemden/')).toBe('/heren-overhemden');
    expect(normalizePath('/heren-overhemden')).toBe('/heren-overhemden');
    expect(normalizePath('/heren-overhemden//zakelijk///')).toBe('/heren-overhemden/zakelijk');
  });

  it('keeps the root, adds the leading slash and drops query and hash', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('blog/')).toBe('/blog');
    expect(normalizePath('/klantenservice/?utm=mail#top')).toBe('/klantenservice');
  });

  it('gives the url_path and its last segment without slashes', () => {
    expect(urlPathOf('/heren-pakken/slim-fit-pakken/')).toBe('heren-pakken/slim-fit-pakken');
    expect(lastSegment('/heren-pakken/slim-fit-pakken/')).toBe('slim-fit-pakken');
    expect(urlPathOf('/')).toBe('');
  });
});
