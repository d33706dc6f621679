import {
  Component,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createMemoryHistory, createPath, type Location } from './history.ts';
import {
  ErrorContext,
  LevelContext,
  RouterContext,
  useNavigate,
  useResolvedPath,
  useRouter,
  useRouterState,
} from './hooks.ts';
import { createRouter, type Router } from './router.ts';

/** Draws the matched routes; until the first screen's code is here, the root's fallback. */
export function RouterProvider({ router }: { router: Router }) {
  const initialized = useSyncExternalStore(router.subscribe, () => router.state.initialized);
  return <RouterContext value={router}>{initialized ? <RouteLevel level={0} /> : fallbackOf(router)}</RouterContext>;
}

const fallbackOf = (router: Router) => router.routes.find((r) => r.hydrateFallbackElement)?.hydrateFallbackElement;

/** A router of its own in memory, for components drawn outside the app's routes (tests). */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createRouter([{ path: '*' }], createMemoryHistory(initialEntries)));
  return <RouterContext value={router}>{children}</RouterContext>;
}

/** Where a layout route draws its matched child. */
export function Outlet() {
  return <RouteLevel level={useContext(LevelContext) + 1} />;
}

function RouteLevel({ level }: { level: number }) {
  const router = useRouter();
  const match = useRouterState((s) => s.matches[level]);
  const failed = useRouterState((s) => s.failed);
  const location = useRouterState((s) => s.location);
  if (!match) return null;
  const { route } = match;
  const Screen = router.componentOf(route);
  const element = route.element !== undefined ? route.element : Screen ? <Screen /> : <Outlet />;
  return (
    <LevelContext value={level}>
      <RouteBoundary
        location={location}
        failed={failed?.route === route ? failed : null}
        errorElement={router.errorElement}
      >
        {element}
      </RouteBoundary>
    </LevelContext>
  );
}

interface BoundaryProps {
  location: Location;
  failed: { error: unknown } | null;
  errorElement: ReactNode;
  children: ReactNode;
}

/**
 * A screen that failed (its code would not load, or it threw while drawn) shows the error element
 * in its place; the layouts around it stay, so the user can still go elsewhere. Another address
 * draws afresh.
 */
class RouteBoundary extends Component<BoundaryProps, { caught: { error: unknown } | null; location: Location }> {
  override state = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location }) {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    const failed = this.props.failed ?? this.state.caught;
    if (!failed) return this.props.children;
    return <ErrorContext value={failed.error}>{this.props.errorElement}</ErrorContext>;
  }
}

// A full URL (another site, mailto:) is a plain link: only the app's own paths navigate in place.
const FULL_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

const plainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  /** Load the address as a new document (a page the server draws). */
  reloadDocument?: boolean;
}

/**
 * An <a href> (so it opens in a new tab and works before the app runs) that navigates in place on
 * a plain left click; modified clicks, other targets, downloads and reloadDocument stay native.
 */
export function Link({ to, replace, state, reloadDocument, onClick, ...rest }: LinkProps) {
  const router = useRouter();
  const resolved = useResolvedPath(to);
  const href = FULL_URL.test(to) ? to : resolved;
  const native =
    reloadDocument ||
    FULL_URL.test(to) ||
    (rest.target !== undefined && rest.target !== '_self') ||
    rest.download !== undefined;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || native || !plainLeftClick(event)) return;
    event.preventDefault();
    // A link to where the user already is replaces the entry instead of stacking a copy.
    router.navigate(href, { replace: replace ?? href === createPath(router.state.location), state });
  };
  return <a {...rest} href={href} onClick={click} />;
}

/** Navigates once drawn (a redirect); 'list' is relative to the route that draws it. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
