import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Location } from './history.ts';
import type { Params } from './match.ts';
import type { Blocker, NavigateOptions, Navigation, Router, RouterState } from './router.ts';

export const RouterContext = createContext<Router | null>(null);
/** Which level of the matched branch a component is drawn in (-1: above every route). */
export const LevelContext = createContext(-1);
/** What the error element is showing (useRouteError). */
export const ErrorContext = createContext<unknown>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks need a RouterProvider or MemoryRouter above them.');
  return router;
}

/** One part of the router's state; the component re-renders only when that part changes. */
export function useRouterState<T>(select: (state: RouterState) => T): T {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, () => select(router.state));
}

export const useLocation = (): Location => useRouterState((s) => s.location);
export const useParams = (): Readonly<Params> => useRouterState((s) => s.params);
export const useNavigation = (): Navigation => useRouterState((s) => s.navigation);
export const useRouteError = (): unknown => useContext(ErrorContext);

/** The address part the enclosing route matched: relative paths start from it. */
function useRouteBase() {
  const level = useContext(LevelContext);
  return useRouterState((s) => s.matches[level]?.pathname ?? '/');
}

/**
 * `to` as an absolute path: '?q=1' or '#x' keep the current pathname, 'list' goes under the
 * enclosing route, '/…' stays as it is.
 */
export function resolvePath(to: string, base: string, current: Location): string {
  if (to.startsWith('/')) return to;
  if (to === '' || to.startsWith('?') || to.startsWith('#')) return current.pathname + to;
  const url = new URL(to, `http://router${base.endsWith('/') ? base : `${base}/`}`);
  return url.pathname + url.search + url.hash;
}

/** A path for a link or navigate() from where the calling component is drawn. */
export function useResolvedPath(to: string): string {
  const base = useRouteBase();
  const location = useLocation();
  return resolvePath(to, base, location);
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** navigate(path, { replace, state }) or navigate(-1); the function keeps its identity (effect deps). */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  const base = useRouteBase();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') router.navigate(to);
      else router.navigate(resolvePath(to, base, router.state.location), options);
    },
    [router, base],
  );
}

type SetSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The address's query, and a setter that navigates to the same pathname with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const search = useRouterState((s) => s.location.search);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const { pathname, search: current } = router.state.location;
      const query = (typeof next === 'function' ? next(new URLSearchParams(current)) : next).toString();
      router.navigate(pathname + (query ? `?${query}` : ''), options);
    },
    [router],
  );
  return [params, setParams];
}

/**
 * Holds in-app navigations (links, navigate(), back/forward) while `when` is true; the returned
 * blocker is 'blocked' with the held navigation until proceed() or reset().
 */
export function useBlocker(when: boolean): Blocker {
  const router = useRouter();
  // Read when a navigation starts, so the latest value counts without re-registering.
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);
  useEffect(() => router.block(() => whenRef.current), [router]);
  return useRouterState((s) => s.blocker);
}
