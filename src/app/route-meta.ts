/**
 * Route meta (spec 001 §2): each route carries its spec route name; its page-type group, and through it its layout
 * and analytics page type, comes from the name (domain/page-types.ts).
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Spec route name, e.g. 'configurable-product', 'category', 'checkout'. */
    name?: string;
  }
}

export {};
