import { describe, expect, it } from 'vitest';
import { dropLastNavPaths, NAV_PATH_MAX, previousNavPath, pushNavPath } from '../../../domain/nav-path.ts';

describe('navigation path history (spec 000 §2)', () => {
  it('keeps at most 30 entries, dropping the oldest', () => {
    let history: string[] = [];
    for (let i = 0; i < 40; i++) history = pushNavPath(history, `/p/${i}`);
    expect(NAV_PATH_MAX).toBe(30);
    expect(history).toHaveLength(30);
    expect(history[0]).toBe('/p/10');
    expect(history[29]).toBe('/p/39');
  });

  it('the same path twice in a row is kept once', () => {
    expect(pushNavPath(['/a'], '/a')).toEqual(['/a']);
  });

  it('arriving at the previous path steps back: the last entry is dropped', () => {
    expect(pushNavPath(['/', '/heren-overhemden', '/p/1/shirt'], '/heren-overhemden')).toEqual([
      '/',
      '/heren-overhemden',
    ]);
    expect(pushNavPath(['/a', '/b'], '/c')).toEqual(['/a', '/b', '/c']);
  });

  it('returns the previous path, ignoring entries containing #', () => {
    expect(previousNavPath(['/', '/c/pakken', '/c/pakken#maat', '/p/1/pak'])).toBe('/c/pakken');
    expect(previousNavPath(['/p/1/pak'])).toBeNull();
    expect(previousNavPath([])).toBeNull();
  });

  it('drops the last n entries', () => {
    expect(dropLastNavPaths(['/a', '/b', '/c'], 2)).toEqual(['/a']);
    expect(dropLastNavPaths(['/a', '/b'], 5)).toEqual([]);
    expect(dropLastNavPaths(['/a', '/b'])).toEqual(['/a']);
    expect(dropLastNavPaths(['/a'], 0)).toEqual(['/a']);
  });
});
