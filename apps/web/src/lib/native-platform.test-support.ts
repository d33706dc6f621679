/**
 * What the apps' native bridge defines before the page runs (lib/native-platform.ts reads it):
 * tests of the apps' branches install it, and `leaveApp` puts the browser back.
 */
export function enterApp(platform: 'android' | 'ios' = 'android'): void {
  Object.defineProperty(window, 'Capacitor', {
    configurable: true,
    writable: true,
    value: { isNativePlatform: () => true, getPlatform: () => platform },
  });
}

export function leaveApp(): void {
  Reflect.deleteProperty(window, 'Capacitor');
}
