/** Where the app is: the address's parts plus what navigate() attached to this history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** New for every entry the app creates; 'default' for the entry the app was opened on. */
  key: string;
}

/** A back/forward step; `delta` is how many entries it moved (null when an entry carries no index). */
export interface Pop {
  location: Location;
  delta: number | null;
}

/** The session history the router drives: the browser's, or an in-memory one for tests. */
export interface History {
  readonly location: Location;
  push(path: string, state?: unknown): Location;
  replace(path: string, state?: unknown): Location;
  go(delta: number): void;
  listen(onPop: (pop: Pop) => void): () => void;
}

/** Splits '/a/b?x=1#top' into its parts ('?' or '#' alone count as none, like URL does). */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

export const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  pathname + search + hash;

const createKey = () => Math.random().toString(36).slice(2, 10);

/**
 * What each entry keeps in history.state. The shape is react-router's, so entries written before
 * this router (a tab open across the update) keep their state, key and index.
 */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The browser's history (pushState and popstate). */
export function createBrowserHistory(win: Window = window): History {
  const entry = () => (win.history.state ?? null) as Partial<EntryState> | null;
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const s = entry();
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  // The index is what lets a blocked back/forward be undone (router.ts): the first entry gets 0.
  let index = entry()?.idx ?? null;
  if (index === null) {
    index = 0;
    win.history.replaceState({ ...entry(), idx: index }, '');
  }
  let location = read();

  const write = (path: string, state: unknown, how: 'push' | 'replace') => {
    const next: Location = { ...parsePath(path), state: state ?? null, key: createKey() };
    index = how === 'push' ? (entry()?.idx ?? 0) + 1 : (entry()?.idx ?? 0);
    const data: EntryState = { usr: next.state, key: next.key, idx: index };
    try {
      if (how === 'push') win.history.pushState(data, '', path);
      else win.history.replaceState(data, '', path);
    } catch (error) {
      // Safari refuses more than 100 history calls in 30 seconds: load the page instead.
      if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
      win.location.assign(path);
    }
    location = next;
    return next;
  };

  return {
    get location() {
      return location;
    },
    push: (path, state) => write(path, state, 'push'),
    replace: (path, state) => write(path, state, 'replace'),
    go: (delta) => win.history.go(delta),
    listen(onPop) {
      const handle = () => {
        const next = entry()?.idx ?? null;
        const delta = next === null || index === null ? null : next - index;
        index = next;
        location = read();
        onPop({ location, delta });
      };
      win.addEventListener('popstate', handle);
      return () => win.removeEventListener('popstate', handle);
    },
  };
}

/** A history kept in memory (tests, and components rendered outside the app's router). */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<(pop: Pop) => void>();
  const write = (path: string, state: unknown, how: 'push' | 'replace') => {
    const next: Location = { ...parsePath(path), state: state ?? null, key: createKey() };
    if (how === 'push') entries.splice(++index, entries.length, next);
    else entries[index] = next;
    return next;
  };
  return {
    get location() {
      return entries[index]!;
    },
    push: (path, state) => write(path, state, 'push'),
    replace: (path, state) => write(path, state, 'replace'),
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      const moved = next - index;
      index = next;
      for (const listener of listeners) listener({ location: entries[index]!, delta: moved });
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
