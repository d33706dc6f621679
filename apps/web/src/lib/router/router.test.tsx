import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Navigate, Outlet, RouterProvider } from './components.tsx';
import { createBrowserHistory, createMemoryHistory } from './history.ts';
import {
  useBlocker,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './hooks.ts';
import type { RouteObject } from './match.ts';
import { createRouter } from './router.ts';

afterEach(cleanup);

/** A lazy route's module that loads when the test says so. */
function deferredScreen(text: string) {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ Component: ComponentType }>((ok, fail) => {
    resolve = () => ok({ Component: () => <p>{text}</p> });
    reject = fail;
  });
  const lazy = vi.fn(() => promise);
  return { lazy, resolve, reject };
}

function Layout() {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    <div>
      <span data-testid="where">{location.pathname + location.search}</span>
      {navigation.state === 'loading' && <span>loading</span>}
      <Outlet />
    </div>
  );
}

function ErrorView() {
  return <p>failed: {String((useRouteError() as Error).message)}</p>;
}

function start(children: RouteObject[], at = '/') {
  const history = createMemoryHistory([at]);
  const router = createRouter(
    [{ path: '/', element: <Layout />, hydrateFallbackElement: <p>first load</p>, children }],
    history,
    {
      errorElement: <ErrorView />,
    },
  );
  render(<RouterProvider router={router} />);
  return { router, history };
}

const where = () => screen.getByTestId('where').textContent;
const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('lazy screens', () => {
  it('shows the fallback until the first screen is loaded', async () => {
    const home = deferredScreen('home');
    start([{ index: true, lazy: home.lazy }]);
    expect(screen.getByText('first load')).toBeTruthy();
    home.resolve();
    await flush();
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('keeps the current screen while the next one loads, then switches', async () => {
    const list = deferredScreen('the list');
    const { router } = start([
      { index: true, element: <p>home</p> },
      { path: 'list', lazy: list.lazy },
    ]);
    act(() => router.navigate('/list?page=2'));
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.getByText('loading')).toBeTruthy();
    expect(where()).toBe('/');
    list.resolve();
    await flush();
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(where()).toBe('/list?page=2');
    // Loaded once: going back and forth again switches at once.
    act(() => router.navigate('/'));
    act(() => router.navigate('/list'));
    expect(screen.getByText('the list')).toBeTruthy();
    expect(list.lazy).toHaveBeenCalledTimes(1);
  });

  it('lets a newer navigation win over a slower one', async () => {
    const slow = deferredScreen('slow');
    const fast = deferredScreen('fast');
    const { router } = start([
      { index: true, element: <p>home</p> },
      { path: 'slow', lazy: slow.lazy },
      { path: 'fast', lazy: fast.lazy },
    ]);
    act(() => router.navigate('/slow'));
    act(() => router.navigate('/fast'));
    fast.resolve();
    await flush();
    expect(screen.getByText('fast')).toBeTruthy();
    slow.resolve();
    await flush();
    expect(screen.getByText('fast')).toBeTruthy();
    expect(where()).toBe('/fast');
  });

  it('shows the error element in place of a screen whose code would not load, and tries again later', async () => {
    const broken = deferredScreen('never');
    const { router } = start([
      { index: true, element: <p>home</p> },
      { path: 'broken', lazy: broken.lazy },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => router.navigate('/broken'));
    broken.reject(new Error('Failed to fetch dynamically imported module'));
    await flush();
    // The address is the screen's, so reloading the page retries; the layout is still there.
    expect(where()).toBe('/broken');
    expect(screen.getByText('failed: Failed to fetch dynamically imported module')).toBeTruthy();
    act(() => router.navigate('/'));
    expect(screen.getByText('home')).toBeTruthy();
    act(() => router.navigate('/broken'));
    await flush();
    expect(broken.lazy).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalledWith('Screen failed to load', expect.any(Error));
    vi.mocked(console.error).mockRestore();
  });

  it('shows the error element in place of a screen that throws, until the next address', () => {
    const Broken = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = start(
      [
        { index: true, element: <p>home</p> },
        { path: 'broken', element: <Broken /> },
      ],
      '/broken',
    );
    expect(screen.getByText('failed: boom')).toBeTruthy();
    expect(where()).toBe('/broken');
    act(() => router.navigate('/'));
    expect(screen.getByText('home')).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});

describe('params and redirects', () => {
  function Params() {
    return <p>{JSON.stringify(useParams())}</p>;
  }

  it('gives every level the params of the whole match', () => {
    start(
      [{ path: ':store', element: <Outlet />, children: [{ path: 'shop/list/:code?', element: <Params /> }] }],
      '/my%20shop/shop/list/S1',
    );
    expect(screen.getByText('{"store":"my shop","code":"S1"}')).toBeTruthy();
  });

  it('resolves a relative <Navigate> from its route and replaces the entry', () => {
    const { history } = start(
      [
        {
          path: ':store',
          element: <Outlet />,
          children: [
            { path: 'stock', element: <Navigate to="list" replace /> },
            { path: 'stock/list', element: <p>list</p> },
          ],
        },
      ],
      '/shop/stock',
    );
    expect(screen.getByText('list')).toBeTruthy();
    expect(where()).toBe('/shop/stock/list');
    act(() => history.go(-1));
    expect(where()).toBe('/shop/stock/list');
  });
});

describe('navigation hooks', () => {
  it('navigate() pushes or replaces, navigate(-1) goes back, and each entry has its own key', () => {
    let navigate!: ReturnType<typeof useNavigate>;
    let key = '';
    function Screen() {
      navigate = useNavigate();
      key = useLocation().key;
      return null;
    }
    start([{ path: '*', element: <Screen /> }], '/a');
    expect(key).toBe('default');
    act(() => navigate('/b'));
    const bKey = key;
    expect(bKey).not.toBe('default');
    act(() => navigate('/c', { replace: true, state: { from: 'b' } }));
    expect(where()).toBe('/c');
    expect(key).not.toBe(bKey);
    act(() => navigate(-1));
    expect(where()).toBe('/a');
  });

  it('useSearchParams reads the query and sets it on the same pathname', () => {
    let set!: ReturnType<typeof useSearchParams>[1];
    function Screen() {
      const [params, setParams] = useSearchParams();
      set = setParams;
      return <p>page {params.get('page') ?? '-'}</p>;
    }
    const { history } = start([{ path: 'list', element: <Screen /> }], '/list?q=tea#top');
    expect(screen.getByText('page -')).toBeTruthy();
    act(() =>
      set((current) => {
        const next = new URLSearchParams(current);
        next.set('page', '2');
        return next;
      }),
    );
    expect(where()).toBe('/list?q=tea&page=2');
    act(() => set(new URLSearchParams(), { replace: true }));
    expect(where()).toBe('/list');
    act(() => history.go(-1));
    expect(where()).toBe('/list?q=tea');
  });
});

describe('Link', () => {
  // jsdom would try to load an <a>'s address: the page records whether the app handled the click.
  let prevented: boolean | null = null;
  const record = (event: MouseEvent) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };

  it('renders the href and navigates in place only on a plain left click', () => {
    window.addEventListener('click', record);
    const history = createBrowserHistory(window);
    window.history.replaceState(null, '', '/');
    const router = createRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Link to="/stock/list?page=2">plain</Link>
              <Link to="/stock/list" target="_blank">
                new tab
              </Link>
              <Link to="/receipt/1" reloadDocument>
                document
              </Link>
              <Link to="/export.csv" download>
                file
              </Link>
            </>
          ),
        },
      ],
      history,
    );
    render(<RouterProvider router={router} />);
    const plain = screen.getByText('plain');
    expect(plain.getAttribute('href')).toBe('/stock/list?page=2');

    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      fireEvent.click(plain, init);
      expect(prevented, JSON.stringify(init)).toBe(false);
    }
    for (const text of ['new tab', 'document', 'file']) {
      fireEvent.click(screen.getByText(text));
      expect(prevented, text).toBe(false);
    }
    expect(router.state.location.pathname).not.toBe('/stock/list');

    const entries = window.history.length;
    fireEvent.click(plain);
    expect(prevented).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/stock/list?page=2');
    expect(window.history.length).toBe(entries + 1);
    // Again on the same address: the entry is replaced, not stacked.
    fireEvent.click(plain);
    expect(window.history.length).toBe(entries + 1);
    window.removeEventListener('click', record);
  });

  it('works inside a MemoryRouter (components tested on their own)', () => {
    render(
      <MemoryRouter>
        <Link to="/somewhere">go</Link>
      </MemoryRouter>,
    );
    expect(screen.getByText('go').getAttribute('href')).toBe('/somewhere');
  });
});

describe('useBlocker', () => {
  let blocker!: ReturnType<typeof useBlocker>;
  function Editor({ dirty }: { dirty: boolean }) {
    blocker = useBlocker(dirty);
    return <p>editor {blocker.state}</p>;
  }

  it('holds a navigation until proceed(), or drops it on reset()', () => {
    const { router } = start(
      [
        { path: 'edit', element: <Editor dirty /> },
        { path: 'done', element: <p>done</p> },
      ],
      '/edit',
    );
    act(() => router.navigate('/done'));
    expect(screen.getByText('editor blocked')).toBeTruthy();
    expect(blocker.location?.pathname).toBe('/done');
    act(() => blocker.reset!());
    expect(screen.getByText('editor unblocked')).toBeTruthy();
    expect(where()).toBe('/edit');
    act(() => router.navigate('/done'));
    act(() => blocker.proceed!());
    expect(screen.getByText('done')).toBeTruthy();
    expect(where()).toBe('/done');
  });

  it('lets everything through while not blocking', () => {
    const { router } = start(
      [
        { path: 'edit', element: <Editor dirty={false} /> },
        { path: 'done', element: <p>done</p> },
      ],
      '/edit',
    );
    act(() => router.navigate('/done'));
    expect(screen.getByText('done')).toBeTruthy();
  });

  it('undoes a back step while blocked, and takes it on proceed()', () => {
    const { router, history } = start(
      [
        { path: 'list', element: <p>list</p> },
        { path: 'edit', element: <Editor dirty /> },
      ],
      '/list',
    );
    act(() => router.navigate('/edit'));
    act(() => history.go(-1));
    expect(screen.getByText('editor blocked')).toBeTruthy();
    expect(history.location.pathname).toBe('/edit');
    act(() => blocker.proceed!());
    expect(screen.getByText('list')).toBeTruthy();
    expect(history.location.pathname).toBe('/list');
  });

  it('undoes the browser back button while blocked (popstate)', async () => {
    window.history.replaceState(null, '', '/list');
    const history = createBrowserHistory(window);
    const router = createRouter(
      [
        { path: 'list', element: <p>list</p> },
        { path: 'edit', element: <Editor dirty /> },
      ],
      history,
    );
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/edit'));
    const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await act(async () => {
      window.history.back();
      await popped(); // the step back
      await popped(); // undone
    });
    expect(screen.getByText('editor blocked')).toBeTruthy();
    expect(window.location.pathname).toBe('/edit');
    await act(async () => {
      blocker.proceed!();
      await popped();
    });
    expect(screen.getByText('list')).toBeTruthy();
    expect(window.location.pathname).toBe('/list');
  });
});
