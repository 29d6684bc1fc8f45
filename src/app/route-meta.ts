/** Route meta (spec 001 §2): each route may choose its layout and carries its spec name. */
export type LayoutName = 'default' | 'minimal' | 'empty';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Spec route name, e.g. 'configurable-product', 'category', 'checkout'. */
    name?: string;
    layout?: LayoutName;
    /**
     * Page-type tag (spec 001 §2): 'home', 'cart', 'checkout', 'product', 'overview'; the dispatcher's page decides its
     * own (PAGE_TYPE_OF_PAGE).
     */
    pageType?: string;
  }
}

export {};
