import { describe, expect, it } from 'vitest';
import { HOUR, DAY } from '../../lib/clock.ts';
import {
  PASSWORD,
  createUser,
  expectFieldErrors,
  login,
  signUp,
  signUpBody,
  confirmTokenFrom,
} from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('auth on %s', (engine) => {
  const t = useTestApp(engine);

  describe('sign-up', () => {
    it('creates the user and the first store, unconfirmed, and mails a confirmation link', async () => {
      const body = signUpBody({
        urlName: `My-Shop-${Date.now().toString(36)}`,
        email: `  Mixed.Case-${Date.now()}@Example.COM `,
      });
      const res = await t.request('POST', '/api/auth/signUp', { body });
      expect(res.status, res.text).toBe(201);
      const email = body.email.trim().toLowerCase();
      expect(res.body).toEqual({ email });
      const unconfirmed = await t.request('POST', '/api/auth/login', { body: { email, password: body.password } });
      expect(unconfirmed.body.code).toBe('EMAIL_NOT_CONFIRMED');
      const mail = t.lastMailTo(email);
      expect(mail.subject).toMatch(/confirm/i);
      expect(mail.text).toMatch(/^[\s\S]*http:\/\/shop\.test\/confirm\/[A-Za-z0-9_-]{40,}/);
      expect(mail.html).toContain('/confirm/');
      const user = (await t.request('GET', `/api/auth/confirm/${confirmTokenFrom(mail.text)}`)).body.user;
      expect(user).toMatchObject({
        email,
        name: 'Ada Shopkeeper',
        locale: 'en-US',
        imageId: null,
        defaultStore: body.urlName.toLowerCase(),
        premium: 0,
        emailConfirmed: true,
      });
      expect(user.userId).toMatch(/^[0-9a-f-]{36}$/);
      expect(user.defaultStoreId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    });

    it('uses the given locale and timezone', async () => {
      const { confirmToken } = await signUp(t, { locale: 'ja-JP', timezone: 'Asia/Tokyo' });
      const { token, user } = (await t.request('GET', `/api/auth/confirm/${confirmToken}`)).body;
      expect(user.locale).toBe('ja-JP');
      const stores = await t.request('GET', '/api/secure/virtual-store', { token });
      expect(stores.body[0].timezone).toBe('Asia/Tokyo');
    });

    it('refuses a taken urlName, whatever its case, with 409 URL_NAME_TAKEN and creates nothing', async () => {
      const { body } = await signUp(t);
      const second = signUpBody({ urlName: body.urlName.toUpperCase() });
      const res = await t.request('POST', '/api/auth/signUp', { body: second });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'URL_NAME_TAKEN', details: [{ field: 'urlName' }] });
      // The transaction rolled back: the email is still free.
      const retry = await t.request('POST', '/api/auth/signUp', {
        body: { ...second, urlName: `free-${body.urlName}` },
      });
      expect(retry.status, retry.text).toBe(201);
    });

    it('settles concurrent sign-ups for one email with one account, or one urlName with one 201 and 409s', async () => {
      const email = signUpBody().email;
      const sameEmail = await Promise.all(
        [0, 1, 2].map(() => t.request('POST', '/api/auth/signUp', { body: signUpBody({ email }) })),
      );
      expect(sameEmail.map((r) => [r.status, r.text])).toEqual(Array(3).fill([201, JSON.stringify({ email })]));
      const accounts = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(accounts).toHaveLength(1);

      const urlName = signUpBody().urlName;
      const sameUrl = await Promise.all(
        [0, 1, 2].map(() => t.request('POST', '/api/auth/signUp', { body: signUpBody({ urlName }) })),
      );
      expect(sameUrl.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(sameUrl.filter((r) => r.status === 409).every((r) => r.body.code === 'URL_NAME_TAKEN')).toBe(true);
    });

    it('refuses reserved url names with a 400 naming urlName', async () => {
      for (const urlName of ['api', 'AUTH', 'signup', 'receipt']) {
        expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ urlName }) }), ['urlName']);
      }
    });

    it('names each bad field', async () => {
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: {} }), [
        'email',
        'password',
        'name',
        'storeName',
        'urlName',
        'mainCurrency',
      ]);
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ email: 'not-an-email' }) }), [
        'email',
      ]);
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ password: 'short' }) }), [
        'password',
      ]);
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ urlName: '-bad-' }) }), [
        'urlName',
      ]);
      expectFieldErrors(
        await t.request('POST', '/api/auth/signUp', { body: { ...signUpBody(), mainCurrency: 'XXX' } }),
        ['mainCurrency'],
      );
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: signUpBody({ secondCurrency: 'USD' }) }), [
        'secondCurrency',
      ]);
      expectFieldErrors(
        await t.request('POST', '/api/auth/signUp', { body: { ...signUpBody(), timezone: 'Mars/Base' } }),
        ['timezone'],
      );
      expectFieldErrors(await t.request('POST', '/api/auth/signUp', { body: { ...signUpBody(), locale: 'xx' } }), [
        'locale',
      ]);
      const missing = await t.request('POST', '/api/auth/signUp', { body: { ...signUpBody(), name: undefined } });
      expectFieldErrors(missing, ['name']);
      expect(missing.body.message).toBe('Name is required');
    });
  });

  describe('confirmation', () => {
    it('confirms once and logs in; the same link then fails with INVALID_TOKEN', async () => {
      const { body, confirmToken } = await signUp(t);
      const first = await t.request('GET', `/api/auth/confirm/${confirmToken}`);
      expect(first.status, first.text).toBe(200);
      expect(first.body.user).toMatchObject({ email: body.email, emailConfirmed: true });
      const check = await t.request('GET', '/api/secure/login/check', { token: first.body.token });
      expect(check.status).toBe(200);
      expect(check.body.user.userId).toBe(first.body.user.userId);

      const again = await t.request('GET', `/api/auth/confirm/${confirmToken}`);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('INVALID_TOKEN');
    });

    it('lets only one of two simultaneous uses of a link through', async () => {
      const { confirmToken } = await signUp(t);
      const both = await Promise.all([0, 1].map(() => t.request('GET', `/api/auth/confirm/${confirmToken}`)));
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it('refuses a link older than 48 hours', async () => {
      const { confirmToken } = await signUp(t);
      t.clock.advance(48 * HOUR + 1000);
      const res = await t.request('GET', `/api/auth/confirm/${confirmToken}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_TOKEN');
    });

    it('accepts a link just before 48 hours', async () => {
      const { confirmToken } = await signUp(t);
      t.clock.advance(47 * HOUR);
      expect((await t.request('GET', `/api/auth/confirm/${confirmToken}`)).status).toBe(200);
    });

    it('refuses an unknown token', async () => {
      const res = await t.request('GET', '/api/auth/confirm/not-a-real-token');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_TOKEN' });
      expect(res.body.message).toMatch(/link/);
    });

    it('resends a new link that works and retires the old one; answers 202 for anyone', async () => {
      const { body, confirmToken } = await signUp(t);
      const res = await t.request('POST', '/api/auth/confirm/resend', { body: { email: body.email } });
      expect(res.status).toBe(202);
      const newToken = confirmTokenFrom(t.lastMailTo(body.email).text);
      expect(newToken).not.toBe(confirmToken);
      expect((await t.request('GET', `/api/auth/confirm/${confirmToken}`)).status).toBe(400);
      expect((await t.request('GET', `/api/auth/confirm/${newToken}`)).status).toBe(200);

      const sent = t.mails.length;
      expect((await t.request('POST', '/api/auth/confirm/resend', { body: { email: body.email } })).status).toBe(202);
      expect(
        (await t.request('POST', '/api/auth/confirm/resend', { body: { email: 'nobody@example.com' } })).status,
      ).toBe(202);
      expect(t.mails.length).toBe(sent); // confirmed and unknown accounts get no mail
      expectFieldErrors(await t.request('POST', '/api/auth/confirm/resend', { body: { email: 'nope' } }), ['email']);
    });
  });

  describe('login and sessions', () => {
    it('logs in a confirmed user with a JWT that opens /api/secure', async () => {
      const u = await createUser(t);
      const res = await t.request('POST', '/api/auth/login', {
        body: { email: u.email.toUpperCase(), password: PASSWORD },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.token.split('.')).toHaveLength(3);
      expect(res.body.user).toEqual({ ...u.user });
    });

    it('answers the same 401 for an unknown email and a wrong password', async () => {
      const u = await createUser(t);
      const wrong = await t.request('POST', '/api/auth/login', {
        body: { email: u.email, password: 'wrong password' },
      });
      const unknown = await t.request('POST', '/api/auth/login', {
        body: { email: 'ghost@example.com', password: 'wrong password' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    });

    it('refuses an unconfirmed email with 403 EMAIL_NOT_CONFIRMED', async () => {
      const { body } = await signUp(t);
      const res = await t.request('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('EMAIL_NOT_CONFIRMED');
    });

    it('names bad login fields', async () => {
      expectFieldErrors(await t.request('POST', '/api/auth/login', { body: {} }), ['email', 'password']);
      expectFieldErrors(await t.request('POST', '/api/auth/login', { body: { email: 'a@b.co', password: '' } }), [
        'password',
      ]);
      expectFieldErrors(await t.request('POST', '/api/auth/login', { body: { email: 42, password: 'x' } }), ['email']);
      expectFieldErrors(await t.request('POST', '/api/auth/login'), ['body']);
    });

    it('logout revokes only that session', async () => {
      const u = await createUser(t);
      const other = await login(t, u.email);
      const out = await t.request('POST', '/api/secure/logout', { token: u.token });
      expect(out.status).toBe(204);
      const check = await t.request('GET', '/api/secure/login/check', { token: u.token });
      expect(check.status).toBe(401);
      expect(check.body.code).toBe('UNAUTHORIZED');
      expect((await t.request('GET', '/api/secure/login/check', { token: other })).status).toBe(200);
    });

    it('sessions expire after 30 days', async () => {
      const u = await createUser(t);
      t.clock.advance(29 * DAY);
      expect((await t.request('GET', '/api/secure/login/check', { token: u.token })).status).toBe(200);
      t.clock.advance(2 * DAY);
      expect((await t.request('GET', '/api/secure/login/check', { token: u.token })).status).toBe(401);
    });

    it('refuses missing, malformed and tampered tokens with 401 JSON', async () => {
      const u = await createUser(t);
      const [head, payload] = u.token.split('.');
      const forged = `${head}.${payload}.${'A'.repeat(43)}`;
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${forged}` },
        { authorization: u.token },
      ]) {
        const res = await t.request('GET', '/api/secure/profile', { headers });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
        expect(res.body.message.length).toBeGreaterThan(0);
      }
    });
  });
});
