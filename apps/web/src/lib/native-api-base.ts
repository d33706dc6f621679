import type { NativePlatform } from './native-platform.ts';

// Loaded only inside the apps (lib/native-boot.ts).

const DEV_PORT = import.meta.env.VITE_DEV_API_PORT || '3000';
const DEV_HOSTS: Record<NativePlatform, string> = {
  // The Android emulator's alias of the host machine's loopback.
  android: `http://10.0.2.2:${DEV_PORT}`,
  // The iOS simulator shares the Mac's network, so its localhost is the Mac.
  ios: `http://localhost:${DEV_PORT}`,
};

/**
 * The server the apps call: a release build's, set at build time (VITE_API_URL, from
 * SHOPDESK_API_URL of `npm run apps:sync`), else the fixed address at which the emulator or the
 * simulator reaches the developer's machine.
 */
export function nativeApiBase(
  platform: NativePlatform,
  configured: string | undefined = import.meta.env.VITE_API_URL as string | undefined,
): string {
  return configured?.replace(/\/+$/, '') || DEV_HOSTS[platform];
}
