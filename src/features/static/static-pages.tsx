// The error page lives with the other pages that cannot show what was asked (src/ui/missing-page.tsx); the router
// loads it from here with the static pages.
export { ErrorPage } from '../../ui/missing-page.tsx';
