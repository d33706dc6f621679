import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, parsePath } from './history.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('parsePath', () => {
  it('splits pathname, query and hash', () => {
    expect(parsePath('/a/b?x=1#top')).toEqual({ pathname: '/a/b', search: '?x=1', hash: '#top' });
    expect(parsePath('/a?#')).toEqual({ pathname: '/a', search: '', hash: '' });
    expect(parsePath('?x=1')).toEqual({ pathname: '/', search: '?x=1', hash: '' });
  });
});

describe('createBrowserHistory', () => {
  it('reads entries react-router wrote, so a tab open across the update keeps its keys and state', () => {
    window.history.replaceState({ usr: { from: 'list' }, key: 'abc12345', idx: 3 }, '', '/shop/stock/list?page=2');
    const history = createBrowserHistory(window);
    expect(history.location).toEqual({
      pathname: '/shop/stock/list',
      search: '?page=2',
      hash: '',
      state: { from: 'list' },
      key: 'abc12345',
    });
    const next = history.push('/shop/stock/new', { code: '1' });
    expect(window.history.state).toEqual({ usr: { code: '1' }, key: next.key, idx: 4 });
  });

  it("gives the entry the app was opened on the key 'default' and index 0", () => {
    window.history.replaceState(null, '', '/auth');
    const history = createBrowserHistory(window);
    expect(history.location.key).toBe('default');
    expect(window.history.state).toEqual({ idx: 0 });
    history.replace('/legal');
    expect(window.location.pathname).toBe('/legal');
    expect((window.history.state as { idx: number }).idx).toBe(0);
  });
});

describe('createMemoryHistory', () => {
  it('steps back and forward within its entries and reports how far', () => {
    const history = createMemoryHistory(['/a']);
    const pops: (number | null)[] = [];
    history.listen(({ delta }) => pops.push(delta));
    history.push('/b');
    history.push('/c');
    history.go(-2);
    expect(history.location.pathname).toBe('/a');
    history.go(-1); // nothing before the first entry
    history.go(1);
    expect(history.location.pathname).toBe('/b');
    history.push('/d'); // drops /c
    history.go(1);
    expect(pops).toEqual([-2, 1]);
  });
});
