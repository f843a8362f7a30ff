import { useEffect } from 'react';

/** The service worker's address: at the root, so that its scope is the whole site. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (app/service-worker/) once the page has loaded, so that its
 * download never competes with the page's own. Only the production build has one: in
 * development Vite serves changing modules that a worker must not keep.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    // A browser that refuses (a private window, storage turned off) keeps the site as it was.
    const register = () =>
      void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {});
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}
