import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { engines, useTestApp } from '../test/harness.ts';

// Found by the schema fuzzer: the router answered these with Fastify's own body and code.
describe.each(engines)('router refusals on %s', (engine) => {
  const t = useTestApp(engine);

  it('answers a path parameter too long for the router with 414 in the error shape', async () => {
    const u = await createUser(t);
    const res = await t.request('GET', `/api/secure/product/code/${'x'.repeat(5000)}`, { token: u.token });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
  });

  it('answers a malformed percent-encoding with 400 in the error shape', async () => {
    const res = await t.request('POST', '/api/auth/forgot-password/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_REQUEST', message: 'The request could not be understood.' });
  });
});
