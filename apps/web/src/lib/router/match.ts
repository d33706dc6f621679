import type { ComponentType, ReactNode } from 'react';

/** One route of the tree app/router.tsx declares (the subset of react-router's route objects it uses). */
export interface RouteObject {
  /** Relative to the parent: static segments, `:param`, `:param?` (optional) and a final `*` (splat). */
  path?: string;
  /** Matches the parent's own path. */
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  /** The screen's code, loaded before a navigation shows it (router.ts). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Shown instead of this route while the first screen's code loads. */
  hydrateFallbackElement?: ReactNode;
}

export type Params = Record<string, string | undefined>;

/** One level of a matched branch, root first; `pathname` is the part of the address it matched. */
export interface RouteMatch {
  route: RouteObject;
  pathname: string;
}

export interface Matched {
  matches: RouteMatch[];
  /** Every level's params together (a child sees its parents' `:store`). */
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  /** How many address segments each level takes (optional segments are expanded beforehand). */
  segments: number[];
  /** Each level's position among its siblings: ties in score go to the earlier sibling. */
  order: number[];
  score: number;
  regex: RegExp;
  names: string[];
}

// react-router's ranking, so the same address opens the same screen: static segments outrank
// params, which outrank a splat; an index route outranks its parent's own path.
const isParam = (s: string) => /^:[\w-]+$/.test(s);
function score(path: string, index: boolean) {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') total += isParam(s) ? 3 : s === '' ? 1 : 10;
  return total;
}

const join = (...parts: string[]) => parts.join('/').replace(/\/\/+/g, '/');

/** 'a/:b?/c' → ['a/:b/c', 'a/c']: with each optional segment, then without (react-router's order). */
function expandOptional(path: string): string[] {
  const [first = '', ...rest] = path.split('/');
  const required = first.replace(/\?$/, '');
  const tails = rest.length > 0 ? expandOptional(rest.join('/')) : [''];
  const withIt = tails.map((tail) => (tail === '' ? required : `${required}/${tail}`));
  return first.endsWith('?') ? [...withIt, ...tails] : withIt;
}

/** The whole path as one case-insensitive regex; trailing slashes are allowed, as in react-router. */
function compile(path: string) {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else source += '\\/*$';
  return { regex: new RegExp(source, 'i'), names };
}

const segmentCount = (path: string) => path.split('/').filter((s) => s !== '' && s !== '*').length;

/** Every route that can end a match (a path or an index), with its parents, ranked best first. */
export function rankRoutes(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (list: RouteObject[], parents: Omit<Branch, 'score' | 'regex' | 'names'>, parentPath: string) => {
    list.forEach((route, i) => {
      const variants = route.path?.includes('?') ? expandOptional(route.path) : [route.path ?? ''];
      for (const relative of variants) {
        const path = join(parentPath, relative);
        const level = {
          routes: [...parents.routes, route],
          segments: [...parents.segments, segmentCount(relative)],
          order: [...parents.order, i],
        };
        if (route.children?.length) walk(route.children, level, path);
        if (route.path === undefined && !route.index) continue;
        branches.push({ ...level, score: score(path, route.index === true), ...compile(path) });
      }
    });
  };
  walk(routes, { routes: [], segments: [], order: [] }, '');
  // Stable sort: equal scores keep declaration order; only siblings are ordered by position.
  return branches.sort((a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    const siblings = a.order.length === b.order.length && a.order.slice(0, -1).every((n, i) => n === b.order[i]);
    return siblings ? a.order.at(-1)! - b.order.at(-1)! : 0;
  });
}

/** Decodes each segment, keeping an encoded '/' inside one (a param never spans two segments). */
function decodePath(pathname: string) {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The best route for `pathname` (as the address bar has it, percent-encoded), or null. */
export function matchRoutes(branches: Branch[], pathname: string): Matched | null {
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const found = branch.regex.exec(decoded);
    if (!found) continue;
    const params: Params = {};
    branch.names.forEach((name, i) => {
      params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/');
    });
    // Each level's pathname, for links relative to a route ('list' from the stock route).
    const parts = pathname.split('/').filter(Boolean);
    let taken = 0;
    const matches = branch.routes.map((route, i) => {
      taken += branch.segments[i]!;
      return { route, pathname: `/${parts.slice(0, taken).join('/')}` };
    });
    return { matches, params };
  }
  return null;
}
