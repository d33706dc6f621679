import { App } from '@capacitor/app';
import { appPathOf } from './deep-links.ts';

// Loaded only inside the apps (main.tsx imports this file dynamically).

/**
 * Routes links the system hands the app (a receipt QR, a cargo hand-over QR, a shopdesk:// link)
 * to the app's own pages instead of a browser: the link that launched the app, then every later one.
 */
export async function listenForAppLinks(navigate: (path: string) => void): Promise<void> {
  await App.addListener('appUrlOpen', ({ url }) => {
    const path = appPathOf(url);
    if (path) navigate(path);
  });
  const launch = await App.getLaunchUrl();
  const path = launch ? appPathOf(launch.url) : null;
  if (path) navigate(path);
}
