import { useSyncExternalStore } from 'react';

/** Spec 001 §9: mobile means a width under 1024 px. */
const MOBILE_QUERY = '(max-width: 1023.98px)';

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(MOBILE_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => true,
  );
}
