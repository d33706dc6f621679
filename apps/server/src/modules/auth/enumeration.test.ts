import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signUp, signUpBody } from '../../test/factories.ts';
import { engines, startTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mail-parse.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.ts';

/** The messages the SMTP server received for `to`, oldest first. */
function mailTo(smtp: TestSmtp, to: string) {
  return smtp.received
    .filter((m) => m.to.includes(to))
    .map((m) => {
      const mail = parseMail(m.raw);
      return { subject: mail.headers.get('subject') ?? '', text: mail.text ?? '' };
    });
}

/** What a client sees of an answer, with the parts that differ by nature (the clock) left out. */
async function seen(t: TestApp, method: string, path: string, body?: unknown) {
  // Plain fetch: the harness would wait for the held mail before returning.
  const res = await fetch(t.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const headers = [...res.headers].filter(([name]) => name !== 'date');
  return { status: res.status, headers, text: await res.text() };
}

describe.each(engines)('no answer tells who has an account, on %s', (engine) => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(engine, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.close();
  });

  it('forgot-password answers a known and an unknown address alike, before any mail goes out', async () => {
    const owner = await createUser(t);
    const unknown = owner.email.replace('owner-', 'ghost-');
    smtp.hold();
    const known = await seen(t, 'POST', `/api/auth/forgot-password/${encodeURIComponent(owner.email)}`);
    const other = await seen(t, 'POST', `/api/auth/forgot-password/${encodeURIComponent(unknown)}`);
    expect(known.status).toBe(202);
    expect(other).toEqual(known);

    smtp.release();
    await t.app.outbox.idle();
    expect(mailTo(smtp, owner.email).at(-1)?.subject).toMatch(/reset code/);
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('resend answers an unconfirmed and an unknown address alike', async () => {
    const { body } = await signUp(t);
    smtp.hold();
    const known = await seen(t, 'POST', '/api/auth/confirm/resend', { email: body.email });
    const other = await seen(t, 'POST', '/api/auth/confirm/resend', { email: `nobody-${body.urlName}@example.com` });
    expect(known.status).toBe(202);
    expect(other).toEqual(known);
    smtp.release();
    await t.app.outbox.idle();
  });

  it('sign-up with a taken address answers like a new sign-up, creates nothing and tells the owner', async () => {
    const owner = await createUser(t);
    const fresh = signUpBody();
    const again = signUpBody({ email: owner.email.toUpperCase() });
    // Generated addresses have one length, so the answers can be compared byte for byte.
    expect(fresh.email).toHaveLength(owner.email.length);
    smtp.hold();
    const created = await seen(t, 'POST', '/api/auth/signUp', fresh);
    const repeated = await seen(t, 'POST', '/api/auth/signUp', again);
    expect(created.status).toBe(201);
    expect(JSON.parse(created.text)).toEqual({ email: fresh.email });
    expect({ ...repeated, text: repeated.text.replace(owner.email, fresh.email) }).toEqual(created);

    smtp.release();
    await t.app.outbox.idle();
    const notice = mailTo(smtp, owner.email).at(-1);
    expect(notice?.subject).toMatch(/tried to create/);
    expect(notice?.text).toContain('http://shop.test/forgot-password');
    expect(mailTo(smtp, fresh.email).at(-1)?.subject).toMatch(/confirm/i);
    const accounts = await t.db.selectFrom('users').select('id').where('email', '=', owner.email).execute();
    expect(accounts).toHaveLength(1);
    const stores = await t.db.selectFrom('stores').select('id').where('url_name', '=', again.urlName).execute();
    expect(stores).toHaveLength(0);
    // Another try in the same window answers the same, without mailing the owner again.
    const third = await t.request('POST', '/api/auth/signUp', { body: signUpBody({ email: owner.email }) });
    expect(third.status).toBe(201);
    expect(mailTo(smtp, owner.email).filter((m) => /tried to create/.test(m.subject))).toHaveLength(1);
    // The owner's password is unchanged.
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
  });

  it('still refuses a taken urlName for a taken address (store names are public)', async () => {
    const owner = await createUser(t);
    const res = await t.request('POST', '/api/auth/signUp', {
      body: signUpBody({ email: owner.email, urlName: owner.store.urlName }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('URL_NAME_TAKEN');
  });
});
