import { useEffect } from 'react';
import { pageTitle } from '../../domain/seo/page-head.ts';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}
