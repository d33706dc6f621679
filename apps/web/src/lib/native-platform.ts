/**
 * The native bridge of the Android and iOS apps (Capacitor) defines `window.Capacitor` before the
 * page's first script runs. Reading that global, rather than importing @capacitor/core, keeps the
 * browser bundle free of Capacitor: the plugins are imported only inside native branches.
 */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

export type NativePlatform = 'android' | 'ios';

/** 'android' or 'ios' inside the apps; null in a browser (including an installed PWA). */
export function nativePlatform(): NativePlatform | null {
  if (typeof window === 'undefined') return null;
  const cap = (window as Window & { Capacitor?: CapacitorGlobal }).Capacitor;
  if (!cap?.isNativePlatform?.()) return null;
  const platform = cap.getPlatform?.();
  return platform === 'android' || platform === 'ios' ? platform : null;
}

export const isNativeApp = (): boolean => nativePlatform() !== null;
