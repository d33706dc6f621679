import './app/first-screen.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router/index.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { syncThemeColor } from './app/theme-color.ts';
import { startServiceWorker } from './app/pwa/sw-register.ts';
import { adoptBrowserLocale, applyLocale } from './lib/i18n.ts';
import { nativePlatform } from './lib/native-platform.ts';
import { useSession } from './lib/session-store.ts';
import { wedgeHub } from './scanning/wedge-hub.ts';

syncThemeColor();
// Barcode scanners type at any moment, even while a screen is still loading: listen from the start.
wedgeHub.attach();
// Inside the apps: the server's address and the session kept in Preferences (lib/native-boot.ts).
const platform = nativePlatform();
if (platform) await (await import('./lib/native-boot.ts')).startNativeApp(platform);
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

// Links that open the apps (a receipt, a cargo hand-over QR) show the app's own page.
if (platform) {
  void import('./lib/native-links.ts').then((m) => m.listenForAppLinks((path) => void router.navigate(path)));
}

// The service worker is registered after load so it never competes with the first screen; new
// versions are announced and applied when no sale is in progress (app/pwa/update-flow.ts). The apps
// carry their web build in the package and update with it, so they run no service worker.
if (import.meta.env.PROD && !platform) startServiceWorker();
