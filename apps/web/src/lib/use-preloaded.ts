import { useCallback, useMemo, useState } from 'react';
import type { Preloadable } from './preloadable.ts';

/**
 * A component's use of a module it loads on first use (lib/preloadable.ts): `value` once loaded
 * (at once if another screen loaded it already), `intent` handlers that start loading it when a
 * pointer nears the element or it gets focus, and `whenLoaded` to act once it is here (a first
 * click). Offline before the service worker had cached the chunk, a load fails quietly and the
 * next use tries again.
 */
export function usePreloaded<T>(load: Preloadable<T>) {
  const [value, setValue] = useState(() => load.value);
  const preload = useCallback(() => void load().catch(() => undefined), [load]);
  const whenLoaded = useCallback(
    (then?: (loaded: T) => void) =>
      void load().then(
        (loaded) => {
          // A function (a component) must not be taken for an updater.
          setValue(() => loaded);
          then?.(loaded);
        },
        () => undefined,
      ),
    [load],
  );
  const intent = useMemo(
    () => (value === undefined ? { onPointerEnter: preload, onPointerDown: preload, onFocus: preload } : {}),
    [value, preload],
  );
  return { value, intent, whenLoaded };
}
