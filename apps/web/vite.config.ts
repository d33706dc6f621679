import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks, publicScreensChunks } from './build-tools/first-screen-chunks.ts';
import { counterSharedChunk } from './build-tools/counter-chunk.ts';
import { earlyKeys } from './build-tools/early-keys.ts';
import { firstScreenStyles } from './build-tools/first-screen-styles.ts';
import { precompress } from './build-tools/precompress-plugin.ts';
import { splitTexts } from './build-tools/split-texts.ts';

/**
 * The first screens' chunks, then the counter's shared modules in one file, then what the public
 * screens add in one file (build-tools/).
 */
function codeSplitting(webRoot: string) {
  const firstScreen = firstScreenChunks(webRoot);
  return {
    ...firstScreen,
    groups: [...(firstScreen.groups ?? []), counterSharedChunk(webRoot), ...publicScreensChunks(webRoot)],
  };
}

// The API runs as a separate process in development; production serves both from one port.
const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (a leftover
  // NODE_ENV=test or development would ship React's development runtime). Vite reads this after
  // loading the config.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      earlyKeys(),
      react(),
      VitePWA({
        strategies: 'generateSW',
        filename: 'service-worker.js',
        // A new worker waits until the app tells it to take over (app/pwa/sw-updates.ts), never in
        // the middle of a sale; the app registers it itself after window 'load' (spec §1).
        registerType: 'prompt',
        injectRegister: false,
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
        manifest: {
          // The app's identity for installs: stays the same if start_url ever changes.
          id: '/',
          name: 'ShopDesk',
          short_name: 'ShopDesk',
          description: 'Cargo, inventory and point of sale for small shops',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          background_color: '#ffffff',
          theme_color: '#0f766e',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // The first install controls the open page at once, so it works offline without a reload.
          clientsClaim: true,
          navigateFallback: '/index.html',
          // API calls and public receipts must always reach the server, never a cached shell.
          navigateFallbackDenylist: [/^\/api\//, /^\/ads\.txt$/, /^\/receipt\//],
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // The ZXing reader (~1 MB) is only needed where the browser has no BarcodeDetector, so it
          // is not precached for everyone; once fetched it is kept, so camera scans work offline.
          runtimeCaching: [
            // Pages the server draws (a public receipt) and API links opened as pages need the
            // network: offline they get the app's own offline page instead of the browser's error.
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && /^\/(?:api|receipt)\//.test(url.pathname),
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: '/offline.html' } },
            },
            {
              urlPattern: ({ url }) => url.pathname.endsWith('.wasm'),
              handler: 'CacheFirst',
              options: { cacheName: 'wasm', expiration: { maxEntries: 4 } },
            },
          ],
        },
      }),
      splitTexts(),
      firstScreenStyles(import.meta.dirname),
      precompress(),
    ],
    server: {
      // /receipt/{code} is a page the server draws (modules/receipts), not a route of the web app.
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
        '/receipt/': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: codeSplitting(import.meta.dirname) } },
    },
  };
});
