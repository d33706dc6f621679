import { ImportBatchBodySchema } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

/** A full batch of 1,000 good rows (they span ten of the validator's slices). */
function fullBatch(): Array<Record<string, unknown>> {
  return Array.from({ length: 1000 }, (_, i) => ({
    line: i + 2,
    code: `SLICE-${i}`,
    name: `Item ${i}`,
    price: '1.50',
    quantity: '2',
  }));
}

/** The details the whole body schema gives for `body`, as the API words them. */
function schemaDetails(body: unknown): Array<{ field: string; message: string }> {
  const parsed = ImportBatchBodySchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

// The import route checks its rows in slices between event-loop turns (lib/sliced-validation.ts):
// the answers must be exactly those of the route's one body schema.
describe.each(engines)('import batch body checked in slices on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '100000' });
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });
  const post = (body: unknown) => t.request('POST', '/api/secure/product/import', { token: u.token, body });

  it('lists bad rows from different slices, each by field, as the whole schema does', async () => {
    const rows: unknown[] = fullBatch();
    rows[5] = { ...(rows[5] as object), price: { amount: 1 } };
    rows[250] = { ...(rows[250] as object), line: 0, name: 7 };
    rows[999] = 'not a row';
    const body = { importId: crypto.randomUUID(), batch: 0, rows };
    const res = await post(body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toBe('Please correct the highlighted fields.');
    expect(res.body.details).toEqual(schemaDetails(body));
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([
      'rows.5.price',
      'rows.250.line',
      'rows.250.name',
      'rows.999',
    ]);
  });

  it('names a single bad field in the message, and a bad envelope with bad rows lists both', async () => {
    const rows = fullBatch();
    rows[321] = { ...rows[321], code: undefined };
    const one = await post({ importId: crypto.randomUUID(), batch: 0, rows });
    expect(one.status, one.text).toBe(400);
    expect(one.body.details).toEqual([{ field: 'rows.321.code', message: 'This field is required' }]);
    expect(one.body.message).toBe('This field is required');

    const both = { importId: 'nope', batch: 0, rows };
    const res = await post(both);
    expect(res.status, res.text).toBe(400);
    expect(res.body.details).toEqual(schemaDetails(both));
  });

  it('imports a full batch of good rows, ignoring fields the schema does not know', async () => {
    const rows = fullBatch().map((row) => ({ ...row, colour: 'red' }));
    const res = await post({ importId: crypto.randomUUID(), batch: 0, rows, extra: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 1000, updated: 0, unchanged: 0, errors: [] });
  });
});
