import { describe, expect, it } from 'vitest';
import { dropLastNavPaths, NAV_PATH_MAX, previousNavPath, pushNavPath } from '../../../worker/routing/nav-path.ts';

describe('spec 000 §2 navigation path history nav_path', () => {
  it('keeps at most 30 entries, dropping the oldest', () => {
    let history: string[] = [];
    for (let i = 0; i < 40; i++) history = pushNavPath(history, `/p${i}`);
    expect(NAV_PATH_MAX).toBe(30);
    expect(history).toHaveLength(30);
    expect(history[0]).toBe('/p10');
    expect(history[29]).toBe('/p39');
  });

  it('returns the previous path ignoring entries containing #', () => {
    expect(previousNavPath(['/a', '/b#size', '/c#x', '/d'])).toBe('/a');
    expect(previousNavPath(['/a', '/b'])).toBe('/a');
    expect(previousNavPath(['/only'])).toBeNull();
    expect(previousNavPath([])).toBeNull();
  });

  it('drops the last n entries', () => {
    expect(dropLastNavPaths(['/a', '/b', '/c'], 2)).toEqual(['/a']);
    expect(dropLastNavPaths(['/a'], 5)).toEqual([]);
    expect(dropLastNavPaths(['/a'], 0)).toEqual(['/a']);
  });
});
