import type { ComponentType, ReactNode } from 'react';
import { createBrowserHistory, createPath, parsePath, type History, type Location } from './history.ts';
import { matchRoutes, rankRoutes, type Params, type RouteMatch, type RouteObject } from './match.ts';

export type Navigation = { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };

/** A held navigation (useBlocker): `proceed` lets it go, `reset` drops it. */
export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void }
  | { state: 'proceeding'; location: Location; proceed?: undefined; reset?: undefined };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  params: Params;
  navigation: Navigation;
  blocker: Blocker;
  /** False until the first screen's code has loaded (the fallback shows meanwhile). */
  initialized: boolean;
  /** A screen whose code would not load: its place shows the error element (components.tsx). */
  failed: { route: RouteObject; error: unknown } | null;
}

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  /** Shown in place of a screen that failed: its code would not load, or it threw while drawn. */
  readonly errorElement: ReactNode;
  subscribe(listener: () => void): () => void;
  /** `to` is an absolute path (hooks resolve relative ones), or a number of steps back/forward. */
  navigate(to: string | number, options?: NavigateOptions): void;
  /** A lazy route's screen, once its code has loaded. */
  componentOf(route: RouteObject): ComponentType | undefined;
  /** While `shouldBlock()` holds, navigations wait for the blocker's proceed/reset. */
  block(shouldBlock: () => boolean): () => void;
}

interface Pending {
  path: string;
  location: Location;
  how: 'push' | 'replace' | 'pop';
  /** For a back/forward step: how far it went, so a blocked one can be undone. */
  delta: number | null;
}

const IDLE: Navigation = { state: 'idle' };
const UNBLOCKED: Blocker = { state: 'unblocked' };

export function createRouter(routes: RouteObject[], history: History, options: { errorElement?: ReactNode } = {}) {
  const branches = rankRoutes(routes);
  const components = new Map<RouteObject, ComponentType>();
  const loading = new Map<RouteObject, Promise<void>>();
  const listeners = new Set<() => void>();
  let shouldBlock: (() => boolean) | null = null;
  // Each navigation's number: one that finishes after a newer one started is dropped.
  let latest = 0;
  // Set while a blocked back/forward is undone, so its own popstate is not taken for a navigation.
  let undoing = false;

  let state: RouterState = {
    location: history.location,
    matches: [],
    params: {},
    navigation: IDLE,
    blocker: UNBLOCKED,
    initialized: false,
    failed: null,
  };
  const set = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  const load = (route: RouteObject) => {
    let promise = loading.get(route);
    if (!promise) {
      promise = route.lazy!().then(
        ({ Component }) => void components.set(route, Component),
        (error: unknown) => {
          // The next navigation there tries again (after a dropped connection, say).
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, promise);
    }
    return promise;
  };

  function go(next: Pending) {
    const blockable = next.how !== 'pop' || Boolean(next.delta);
    if (blockable && state.blocker.state !== 'proceeding' && shouldBlock?.()) return hold(next);
    const id = ++latest;
    const found = matchRoutes(branches, next.location.pathname) ?? { matches: [], params: {} };
    const missing = found.matches.map((m) => m.route).filter((r) => r.lazy && !components.has(r));
    if (missing.length === 0) return commit(id, next, found, null);
    // The current screen stays until the next one's code is here (useNavigation says 'loading').
    set({ navigation: { state: 'loading', location: next.location } });
    void Promise.allSettled(missing.map(load)).then((results) => {
      const i = results.findIndex((r) => r.status === 'rejected');
      const failed = i < 0 ? null : { route: missing[i]!, error: (results[i] as PromiseRejectedResult).reason };
      if (failed) console.error('Screen failed to load', failed.error);
      commit(id, next, found, failed);
    });
  }

  function commit(
    id: number,
    next: Pending,
    found: Pick<RouterState, 'matches' | 'params'>,
    failed: RouterState['failed'],
  ) {
    if (id !== latest) return;
    // A screen that failed to load still gets its address, so reloading the page retries it.
    let location = next.location;
    if (next.how === 'push') location = history.push(next.path, next.location.state);
    else if (next.how === 'replace') location = history.replace(next.path, next.location.state);
    set({ ...found, location, navigation: IDLE, blocker: UNBLOCKED, initialized: true, failed });
  }

  function hold(next: Pending) {
    const { delta } = next;
    // The browser has already moved: step back to where the screen is until the user decides.
    if (next.how === 'pop' && delta) {
      undoing = true;
      history.go(-delta);
    }
    const proceed = () => {
      set({ blocker: { state: 'proceeding', location: next.location } });
      if (next.how === 'pop' && delta) history.go(delta);
      else go(next);
    };
    set({ blocker: { state: 'blocked', location: next.location, proceed, reset: () => set({ blocker: UNBLOCKED }) } });
  }

  history.listen(({ location, delta }) => {
    if (undoing) {
      undoing = false;
      return;
    }
    go({ path: createPath(location), location, how: 'pop', delta });
  });
  go({ path: createPath(history.location), location: history.location, how: 'pop', delta: null });

  const router: Router = {
    routes,
    get state() {
      return state;
    },
    errorElement: options.errorElement ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(to, { replace = false, state: entryState = null } = {}) {
      if (typeof to === 'number') return history.go(to);
      const location: Location = { ...parsePath(to), state: entryState, key: '' };
      go({ path: to, location, how: replace ? 'replace' : 'push', delta: null });
    },
    componentOf: (route) => components.get(route),
    block(fn) {
      shouldBlock = fn;
      return () => {
        if (shouldBlock === fn) shouldBlock = null;
        if (state.blocker.state !== 'unblocked') set({ blocker: UNBLOCKED });
      };
    },
  };
  return router;
}

/** The app's router, on the browser's history. */
export const createBrowserRouter = (routes: RouteObject[], options?: { errorElement?: ReactNode }) =>
  createRouter(routes, createBrowserHistory(), options);
