import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { storeHeader } from '../../test/products.ts';
import { exited, startServer } from '../../test/server-process.ts';
import { expectSqliteFileIntact } from '../../test/sqlite-file.ts';

const BATCHES = 6;
const ROWS = 1000;
const ROUNDS = 6;

/** The catalogue's rows of one batch, as the web importer sends them (line numbers of the file). */
function batchRows(batch: number) {
  return Array.from({ length: ROWS }, (_, i) => {
    const n = batch * ROWS + i;
    return { line: n + 2, code: `CRASH-${n}`, name: `Product ${n}`, price: '1.50', quantity: String((n % 7) + 1) };
  });
}

/**
 * A CSV import while the server, a process of its own, is killed with SIGKILL at random moments
 * and started again; the client sends each batch until it is answered, with the same importId and
 * batch number, as the web importer does. A batch's chunks commit one by one (on SQLite answered
 * at their commit, not their sync: import-apply.ts), so a kill can fall between them: the batch
 * sent again must find what was applied, apply the rest, and answer. At the end every product
 * exists once with its quantity, its opening stock is in the ledger once, an answered batch sent
 * again answers its stored result, and the SQLite file is intact.
 */
describe.each(engines)('an import killed and resumed on %s', (engine) => {
  const t = useTestApp(engine);

  it(
    `stores every product once across ${ROUNDS} kill -9s, and answers a batch sent again with its first result`,
    { timeout: 300_000 },
    async () => {
      const u = await createUser(t);
      await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
      const importId = crypto.randomUUID();
      const send = (url: string, batch: number) =>
        fetch(`${url}/api/secure/product/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json', ...storeHeader() },
          body: JSON.stringify({ importId, batch, rows: batchRows(batch) }),
        });
      const answers = new Map<number, unknown>();
      let next = 0;
      let interrupted = 0;

      /** Sends the batches left in order until done or the server dies; each answered one is kept. */
      const importOn = async (url: string) => {
        while (next < BATCHES) {
          let res: Response;
          try {
            res = await send(url, next);
          } catch {
            interrupted++;
            return;
          }
          expect(res.status).toBe(200);
          answers.set(next, await res.json());
          next++;
        }
      };

      for (let round = 0; round < ROUNDS && next < BATCHES; round++) {
        const { url, child } = await startServer(t.databaseEnv);
        const importing = importOn(url);
        // Somewhere inside a batch of this round (a batch takes tens of milliseconds or more).
        await new Promise((r) => setTimeout(r, 30 + Math.random() * 250));
        child.kill('SIGKILL');
        await importing;
        await exited(child);
      }

      const { url, child } = await startServer(t.databaseEnv);
      try {
        await importOn(url);
        expect(next).toBe(BATCHES);
        // A batch answered before a kill, sent again: its stored result, nothing applied again.
        const again = await send(url, 0);
        expect(await again.json()).toEqual(answers.get(0));
      } finally {
        child.kill('SIGTERM');
        await exited(child);
      }
      // The kills fell inside requests, not only between them.
      expect(interrupted).toBeGreaterThan(0);

      const products = await t.db
        .selectFrom('products')
        .select(['code', 'quantity'])
        .where('store_id', '=', u.store.id)
        .execute();
      expect(products).toHaveLength(BATCHES * ROWS);
      const quantities = new Map(products.map((p) => [p.code, Number(p.quantity)]));
      for (let n = 0; n < BATCHES * ROWS; n++) expect(quantities.get(`CRASH-${n}`)).toBe((n % 7) + 1);
      // Every answer's rows add up, and no line was refused.
      for (const answer of answers.values()) {
        const a = answer as { created: number; updated: number; unchanged: number; rejected: number; limited: number };
        expect(a.created + a.unchanged).toBe(ROWS);
        expect([a.updated, a.rejected, a.limited]).toEqual([0, 0, 0]);
      }
      await expectLedgerConsistent(t, u.store.id);
      const openings = await t.db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('store_id', '=', u.store.id)
        .executeTakeFirstOrThrow();
      expect(Number(openings.count)).toBe(BATCHES * ROWS);
      if (engine === 'sqlite') expectSqliteFileIntact(t);
    },
  );
});
