/**
 * The app's router: the part of react-router's API the app uses (route objects with lazy screens,
 * links, navigation hooks, a blocker), small enough for every first load. history.ts keeps the
 * address, match.ts picks the route, router.ts runs navigations, components.tsx and hooks.ts are
 * the React side.
 */
export { createBrowserRouter, createRouter } from './router.ts';
export type { Blocker, Navigation, NavigateOptions, Router } from './router.ts';
export type { RouteObject, Params } from './match.ts';
export type { Location } from './history.ts';
export { Link, MemoryRouter, Navigate, Outlet, RouterProvider, type LinkProps } from './components.tsx';
export {
  useBlocker,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type NavigateFunction,
} from './hooks.ts';
