import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { syncThemeColor } from './app/theme-color.ts';

syncThemeColor();

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
