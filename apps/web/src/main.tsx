import './app/first-screen.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { syncThemeColor } from './app/theme-color.ts';
import { adoptBrowserLocale, applyLocale } from './lib/i18n.ts';
import { useSession } from './lib/session-store.ts';
import { wedgeHub } from './scanning/wedge-hub.ts';

syncThemeColor();
// Barcode scanners type at any moment, even while a screen is still loading: listen from the start.
wedgeHub.attach();
// The first screen renders in the user's language, not English and then a flash of change.
adoptBrowserLocale();
await applyLocale(useSession.getState().userLocale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// Registered after load so it never competes with the first screen; the outcome is only logged.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((reg) => console.info('Service worker registered', reg.scope))
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  });
}
