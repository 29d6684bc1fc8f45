import { useEffect } from 'react';

const SHOP = 'OFM Herenmode';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | ${SHOP}`;
  }, [title]);
}
