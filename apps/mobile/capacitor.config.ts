import type { CapacitorConfig } from '@capacitor/cli';

/**
 * A release build talks to the server at SHOPDESK_API_URL (https). Without it the apps are
 * development builds that reach a server on the developer's machine over plain http
 * (10.0.2.2:3000 from the Android emulator, localhost:3000 from the iOS simulator; see
 * apps/web/src/lib/api-base.ts), which Android refuses unless cleartext and mixed content are
 * allowed. A release build never allows either.
 */
const release = Boolean(process.env.SHOPDESK_API_URL);

const config: CapacitorConfig = {
  appId: 'app.shopdesk.pos',
  appName: 'ShopDesk',
  // scripts/apps-sync.mjs builds the web app for native into this folder (not the server's dist/).
  webDir: 'www',
  // The WebView's origins are https://localhost (Android) and capacitor://localhost (iOS): the
  // server's default CORS_ORIGINS list both, so the apps' API calls are allowed as they are.
  server: {
    androidScheme: 'https',
    hostname: 'localhost',
    cleartext: !release,
  },
  android: {
    allowMixedContent: !release,
  },
  plugins: {
    SplashScreen: { launchAutoHide: true },
  },
};

export default config;
