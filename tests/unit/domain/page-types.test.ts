import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { DISPATCHED, PAGE_TYPE_GROUPS, analyticsPageType, groupOfRoute, layoutOf } from '../../../domain/page-types.ts';
import { routeTree } from '../../../src/app/router.tsx';

/**
 * Spec 000 §2 page-type groups: every route of the router and every route the URL dispatcher resolves a path to has its
 * group, and the group decides the layout (spec 001 §2) and the analytics page type.
 */

/** Every route name the worker's dispatcher answers (worker/routing/), a product as one of its {type}-product names. */
const DISPATCHED_NAMES = [
  'simple-product',
  'configurable-product',
  'category',
  'cms-page',
  'storyblok',
  'elevate-landing-page',
  'storelocator-entry',
  'page-not-found',
];

const routes = (routeTree.children ?? []) as AnyRoute[];
/** The path a route was declared with ('c/$slug'); the route's options type leaves it out of the root's children. */
const pathOf = (route: AnyRoute) => (route.options as { path?: string }).path;

describe('page-type groups', () => {
  it('every route of the router belongs to a group', () => {
    expect(routes.length).toBeGreaterThan(30);
    const without = routes
      .map((route) => ({ path: pathOf(route), name: route.options.staticData?.name }))
      .filter(({ name }) => groupOfRoute(name) === undefined);
    expect(without, 'routes with no page-type group (domain/page-types.ts)').toEqual([]);
  });

  it('a dispatched path takes the group of the route it resolves to', () => {
    const dispatcher = routes.find((route) => pathOf(route) === '$');
    expect(groupOfRoute(dispatcher?.options.staticData?.name)).toBe(DISPATCHED);
    expect(DISPATCHED_NAMES.map((name) => [name, groupOfRoute(name)])).toEqual([
      ['simple-product', 'product'],
      ['configurable-product', 'product'],
      ['category', 'category'],
      ['cms-page', 'cms'],
      ['storyblok', 'cms'],
      ['elevate-landing-page', 'category'],
      ['storelocator-entry', 'static'],
      ['page-not-found', 'not-found'],
    ]);
  });

  it('routes of the spec route table have their groups', () => {
    const groupOfPath = (path: string) =>
      groupOfRoute(routes.find((route) => pathOf(route) === path)?.options.staticData?.name);
    expect(groupOfPath('/')).toBe('home');
    expect(groupOfPath('pwa.html')).toBe('home');
    expect(groupOfPath('winkelwagen')).toBe('cart');
    expect(groupOfPath('checkout')).toBe('checkout');
    expect(groupOfPath('checkout-return')).toBe('order-confirmation');
    expect(groupOfPath('checkout-failed')).toBe('minimal');
    expect(groupOfPath('mijn-account/aankopen/$orderId')).toBe('my-account');
    expect(groupOfPath('p/$parentSku/$slug/$childSku')).toBe('product');
    expect(groupOfPath('c/$slug')).toBe('category');
    expect(groupOfPath('password/reset')).toBe('reset-password');
    expect(groupOfPath('catalogsearch/result')).toBe('search-panel');
    expect(groupOfPath('vergelijken')).toBe('compare');
    expect(groupOfPath('error')).toBe('error');
    expect(groupOfPath('storyblok')).toBe('cms');
    expect(groupOfPath('storyblok-empty')).toBe('empty');
  });

  it('checkout and its return pages have the minimal layout, the visual editor the empty one, the rest the default', () => {
    const byLayout = (layout: string) => PAGE_TYPE_GROUPS.filter((group) => layoutOf(group) === layout);
    expect(byLayout('minimal')).toEqual(['checkout', 'order-confirmation', 'minimal']);
    expect(byLayout('empty')).toEqual(['empty']);
    expect(layoutOf(DISPATCHED)).toBe('default');
    expect(layoutOf(undefined)).toBe('default');
  });

  it('analytics tags home, cart, checkout, product detail and overview (spec 001 §2); the rest Other', () => {
    const tagged = PAGE_TYPE_GROUPS.filter((group) => analyticsPageType(group) !== 'Other').map((group) => [
      group,
      analyticsPageType(group),
    ]);
    expect(tagged).toEqual([
      ['home', 'Home'],
      ['category', 'ProductOverview'],
      ['product', 'ProductDetail'],
      ['checkout', 'Checkout'],
      ['search-panel', 'ProductOverview'],
      ['cart', 'Cart'],
    ]);
    expect(analyticsPageType(undefined)).toBe('Other');
  });
});
