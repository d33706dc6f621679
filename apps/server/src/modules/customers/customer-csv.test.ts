import { randomUUID } from 'node:crypto';
import { CUSTOMER_CSV_COLUMNS, parseCsv } from '@shopdesk/shared';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createCustomer } from '../../test/customers.ts';

describe.each(engines)('customer CSV import and export on %s', (engine) => {
  const t = useTestApp(engine, { FREE_CUSTOMER_LIMIT: '6' });
  const batch = (u: TestUser, rows: unknown[], importId = randomUUID(), n = 0) =>
    t.request('POST', '/api/secure/customer/import/batch', { token: u.token, body: { importId, batch: n, rows } });
  const search = async (u: TestUser, q: string) =>
    (await t.request('GET', `/api/secure/customer/search/window/0/50?q=${encodeURIComponent(q)}`, { token: u.token }))
      .body;

  it('imports good rows, reports each bad one by line and field, and answers a batch sent again with its first result', async () => {
    const u = await createUser(t);
    const existing = await createCustomer(t, u, { name: 'Known Person', phone: '090-0000-0001' });
    const importId = randomUUID();
    const rows = [
      { line: 2, name: '佐藤 花子', nameKana: 'サトウ ハナコ', phone: '080-1234-5678', email: 'Hanako@Example.com' },
      { line: 3, code: 'M0000000042', name: 'Old System Member', marketingConsent: 'yes' },
      { line: 4, code: existing.code, name: 'Known Person', note: '=Prefers mornings' },
      { line: 5, name: '', phone: '' },
      { line: 6, code: 'X123', name: 'Bad Code', marketingConsent: 'maybe' },
      { line: 7, name: 'Bad Mail', email: 'not-an-email' },
      { line: 8, code: existing.code, name: 'Known Person' },
    ];
    const first = await batch(u, rows, importId);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 1, unchanged: 1, rejected: 3, limited: 0 });
    expect(first.body.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [5, 'name'],
      [6, 'marketingConsent'],
      [6, 'code'],
      [7, 'email'],
    ]);
    const again = await batch(u, rows, importId);
    expect(again.body).toEqual(first.body);
    expect((await search(u, '')).total).toBe(3);
    expect((await search(u, 'はなこ')).items[0]).toMatchObject({ email: 'hanako@example.com', phone: '080-1234-5678' });
    const kept = await t.request('GET', '/api/secure/customer/code/M0000000042', { token: u.token });
    expect(kept.body).toMatchObject({ name: 'Old System Member', marketingConsent: true });
    const updated = await t.request('GET', `/api/secure/customer/${existing.id}`, { token: u.token });
    // A formula guard written by the export is read back as the text it protected.
    expect(updated.body.note).toBe('=Prefers mornings');
  });

  it('keeps rows without a code made once when a cut-off batch is sent again, and stops new rows at the free limit', async () => {
    const u = await createUser(t);
    const importId = randomUUID();
    const rows = Array.from({ length: 8 }, (_, i) => ({ line: i + 2, name: `Bulk ${i}`, phone: `0311112${200 + i}` }));
    const result = await batch(u, rows, importId, 3);
    expect(result.body).toMatchObject({ created: 6, limited: 2, limitReached: true, firstLimitedLine: 8 });
    // The same rows under a new batch number of the same import: made once, found by their line.
    const resend = await batch(u, rows.slice(0, 6), importId, 4);
    expect(resend.body).toMatchObject({ created: 0, unchanged: 6 });
    expect((await search(u, '')).total).toBe(6);
    const check = await t.request('POST', '/api/secure/customer/import/check', {
      token: u.token,
      body: { codes: ['M0000000001'] },
    });
    expect(check.body).toEqual({ known: [], remainingSlots: 0, productLimit: 6 });
  });

  it('refuses a member code that belonged to a deleted customer, and lists known codes in the check', async () => {
    const u = await createUser(t);
    const gone = await createCustomer(t, u);
    const here = await createCustomer(t, u);
    expect((await t.request('DELETE', `/api/secure/customer/${gone.id}`, { token: u.token })).status).toBe(204);
    const res = await batch(u, [{ line: 2, code: gone.code, name: 'Reborn' }]);
    expect(res.body.errors).toEqual([
      { line: 2, field: 'code', message: 'This member code is already taken in this store.' },
    ]);
    const check = await t.request('POST', '/api/secure/customer/import/check', {
      token: u.token,
      body: { codes: [gone.code, here.code.toLowerCase(), 'M9999999999'] },
    });
    expect(check.body.known).toEqual([here.code]);
  });

  it('exports every live customer as CSV that imports back unchanged, audited', async () => {
    const u = await createUser(t);
    await createCustomer(t, u, { name: 'Export, Me', nameKana: 'エクスポート', email: 'x@example.com', note: '+vip' });
    await createCustomer(t, u, { name: '', phone: '03-9999-0000', marketingConsent: true });
    const res = await fetch(`${t.url}/api/secure/customer/export.csv`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header, ...lines] = parseCsv(text);
    expect(header!.fields).toEqual([...CUSTOMER_CSV_COLUMNS]);
    expect(lines).toHaveLength(2);
    const records = lines.map((l) => ({
      line: l.line,
      values: Object.fromEntries(header!.fields.map((name, i) => [name, l.fields[i] ?? ''])),
    }));
    const byName = new Map(records.map((r) => [r.values.name, r.values]));
    expect(byName.get('Export, Me')).toMatchObject({ nameKana: 'エクスポート', email: 'x@example.com', note: "'+vip" });
    expect(byName.get('')).toMatchObject({ phone: '03-9999-0000', marketingConsent: 'yes', pointsBalance: '0' });
    const back = await batch(
      u,
      records.map((r) => ({ line: r.line, ...r.values })),
    );
    expect(back.body).toMatchObject({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('store_id', '=', u.store.id)
      .where('action', 'in', ['CUSTOMER_EXPORT', 'CUSTOMER_IMPORT'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['CUSTOMER_EXPORT', 'CUSTOMER_IMPORT']);
  });
});
