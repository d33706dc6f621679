import './app/first-screen.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { syncThemeColor } from './app/theme-color.ts';
import { startServiceWorker } from './app/pwa/sw-register.ts';
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

// The service worker is registered after load so it never competes with the first screen; new
// versions are announced and applied when no sale is in progress (app/pwa/update-flow.ts).
if (import.meta.env.PROD) startServiceWorker();
