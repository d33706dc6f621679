/** A module loaded at most once (see `preloadable`). */
export interface Preloadable<T> {
  /** Starts loading it (again after a failure) and gives it. */
  (): Promise<T>;
  /** It, once loaded: a component can render it at once instead of waiting a turn. */
  readonly value: T | undefined;
}

/**
 * A module loaded at most once: call the result to start loading it early (when a pointer nears a
 * button, or it gets focus) and to get it. A failed load (offline before the service worker had
 * cached the chunk) is tried again on the next call instead of failing for good.
 */
export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let loading: Promise<T> | null = null;
  let value: T | undefined;
  const get = () =>
    (loading ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return Object.defineProperty(get, 'value', { get: () => value }) as Preloadable<T>;
}
