import { useEffect } from 'react';
import { pageTitle } from '../../domain/seo/page-head.ts';

/** Each visited path's page name, for the mobile back link (spec 001 §2 "the last path's name"); nav_path is per start. */
const pageNames = new Map<string, string>();
const pathKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Sets the document title; `pageName` is how the back link names the page when it differs (a CMS page's SEO title). */
export function useDocumentTitle(title: string | undefined, pageName = title): void {
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title);
    if (pageName) pageNames.set(pathKey(window.location.pathname), pageName);
  }, [title, pageName]);
}

/** The name a visited path's page gave itself, if it was seen since the app started. */
export function pageNameOf(path: string): string | undefined {
  return pageNames.get(pathKey(path));
}
