import type { Product } from '@shopdesk/shared';

/**
 * For the tests of this folder: the three server calls of the counter's product copy answered
 * from memory, behind a mocked fetch (the app's api-client runs for real). The changes feed is a
 * log of changes; its cursor is the position in the log.
 */
export type Change = { item: Product } | { deleted: { id: string; code: string } };

// Products were last changed in the past hour, one second apart.
let clock = Date.now() - 3_600_000;

export function product(code: string, over: Partial<Product> = {}): Product {
  clock += 1000;
  const at = new Date(clock).toISOString();
  return {
    id: `id-${code}`,
    code,
    name: `Product ${code}`,
    brand: '',
    description: '',
    category: '',
    price: 100,
    cost: 50,
    quantity: 10,
    imageId: null,
    reorderLevel: null,
    taxRate: null,
    unit: 'EACH',
    optionValues: [],
    retired: false,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export class FakeServer {
  /** Current products by code, for the lookup and the search. */
  readonly products = new Map<string, Product>();
  readonly log: Change[] = [];
  /** Paths asked, in order (without the origin). */
  readonly calls: string[] = [];
  /** Set to make a path hang or fail: returns a Response, a promise of one, or throws. */
  intercept: ((path: string) => Response | Promise<Response> | undefined) | null = null;

  put(...ps: Product[]): void {
    for (const p of ps) {
      this.products.set(p.code, p);
      this.log.push({ item: p });
    }
  }

  remove(code: string): void {
    const p = this.products.get(code)!;
    this.products.delete(code);
    this.log.push({ deleted: { id: p.id, code } });
  }

  readonly fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname + url.search;
    this.calls.push(path);
    const intercepted = this.intercept?.(path);
    if (intercepted) return intercepted;
    if (url.pathname.startsWith('/api/secure/product/lookup/')) {
      const code = decodeURIComponent(url.pathname.split('/').at(-1)!);
      return json({ product: this.products.get(code) ?? null });
    }
    if (url.pathname.startsWith('/api/secure/product/search/window/')) {
      const size = Number(url.pathname.split('/').at(-1));
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = [...this.products.values()].filter((p) => p.name.toLowerCase().includes(q)).slice(0, size);
      return json({ items, page: 0, size, total: items.length });
    }
    if (url.pathname === '/api/secure/product/changes') {
      const from = Number((url.searchParams.get('since') ?? 'c0').slice(1));
      const limit = Number(url.searchParams.get('limit'));
      const page = this.log.slice(from, from + limit);
      return json({
        items: page.flatMap((c) => ('item' in c ? [c.item] : [])),
        deleted: page.flatMap((c) => ('deleted' in c ? [c.deleted] : [])),
        next: `c${from + page.length}`,
        more: from + limit < this.log.length,
      });
    }
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  };

  changesCalls(): string[] {
    return this.calls.filter((c) => c.startsWith('/api/secure/product/changes'));
  }
}
