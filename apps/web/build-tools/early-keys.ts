import type { Plugin } from 'vite';
import { EARLY_KEYS_SCRIPT } from '../../../packages/shared/src/early-keys.ts';

/**
 * Puts the early key recorder (packages/shared/src/early-keys.ts) first in index.html's head, inline,
 * so a scan typed while the app's bundle is still on its way is kept from the first paint. The
 * server allows exactly this text by its hash.
 */
export function earlyKeys(): Plugin {
  return {
    name: 'shopdesk:early-keys',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_KEYS_SCRIPT, injectTo: 'head-prepend' }],
  };
}
