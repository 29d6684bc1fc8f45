import { describe, expect, test } from 'vitest';
import {
  deepestCategory,
  parentIdsOf,
  trailEntry,
  trailIdsOf,
  trailTo,
} from '../../../../domain/catalog/category-trail.ts';
import { menuOrder } from '../../../../domain/catalog/menu-categories.ts';

describe('a product’s breadcrumbs (spec 001 §2)', () => {
  const shirts = { id: 21, level: 2, path: '1/2/21' };
  const slim = { id: 34, level: 3, path: '1/2/21/34' };
  const sale = { id: 40, level: 3, path: '1/2/39/40' };

  test('end at the deepest category, the first of equals in the product’s own order', () => {
    expect(deepestCategory([shirts, slim, sale])).toBe(slim);
    expect(deepestCategory([sale, shirts, slim])).toBe(sale);
    expect(deepestCategory([])).toBeNull();
  });

  test('skip an inactive category, and use the path’s length where a level is missing', () => {
    expect(deepestCategory([shirts, { ...slim, is_active: false }])).toBe(shirts);
    const noLevel = { id: 50, path: '1/2/21/34/50' };
    expect(deepestCategory([slim, noLevel])).toBe(noLevel);
  });

  test('start below the root: the ids above a category, top first, without the root levels or itself', () => {
    expect(parentIdsOf(slim)).toEqual([21]);
    expect(parentIdsOf({ id: 50, path: '1/2/21/34/50' })).toEqual([21, 34]);
    expect(parentIdsOf({ id: 21 })).toEqual([]);
    expect(trailIdsOf([1, 2, 21, 34])).toEqual([21, 34]);
    expect(trailIdsOf(undefined)).toEqual([]);
  });

  test('run from the active categories above the deepest one, top first, to it', () => {
    const named = (c: typeof slim, name: string) => ({ ...c, name, url_path: name.toLowerCase() });
    const trail = trailTo(named({ id: 50, level: 4, path: '1/2/21/34/50' }, 'Wit'), [
      named(shirts, 'Overhemden'),
      { ...named(slim, 'Slim'), is_active: false },
    ]);
    expect(trail.map((e) => e.name)).toEqual(['Overhemden', 'Wit']);
    expect(trail[1]).toEqual({ id: 50, name: 'Wit', url_path: 'wit', level: 4, path: '1/2/21/34/50', is_active: true });
  });
});

describe('a menu (the tabs, the side menu, the home page’s shortcuts)', () => {
  test('shows the active categories in their position order', () => {
    const menu = menuOrder([
      { id: 3, position: 2 },
      { id: 4, position: 1, is_active: false },
      { id: 5, position: 0 },
      { id: 6 },
    ]);
    expect(menu.map((c) => c.id)).toEqual([5, 6, 3]);
  });

  test('an entry is the same from the worker’s whole category as from the server’s row, so their answers compare equal', () => {
    const row = {
      id: 34,
      name: 'Slim fit',
      url_path: 'overhemden/slim-fit',
      level: 3,
      path: '1/2/21/34',
      is_active: true,
    };
    const fromWorker = {
      ...row,
      parent_id: 21,
      position: 2,
      product_count: 40,
      children_count: 0,
      url_key: 'slim-fit',
      children_data: [],
    };
    expect(trailEntry(fromWorker)).toEqual(trailEntry(row));
    expect(trailEntry(fromWorker)).toEqual(row);
    // a category without level or state: by its path's length, active
    expect(trailEntry({ id: 34, name: 'Slim fit', path: '1/2/21/34' })).toEqual({ ...row, url_path: '' });
  });
});
