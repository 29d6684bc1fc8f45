import { notify } from '../lib/notifications.ts';

/**
 * Registers the service worker at /service-worker.js (spec 001 §7) and shows its messages (spec 001 §4): offline
 * mode ready on first install, "please refresh" when an update is waiting, and a registration error.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    const hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state !== 'installed') return;
            if (hadController) {
              notify({
                type: 'info',
                message: 'New content is available, please refresh.',
                hasNoTimeout: true,
                action1: { label: 'OK', run: () => window.location.reload() },
              });
            } else {
              notify({ type: 'success', message: 'Offline mode is ready' });
            }
          });
        });
      })
      .catch(() => notify({ type: 'danger', message: 'Error during service worker registration' }));
  });
}
