import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCsvRows } from '@shopdesk/shared';
import { HOUR } from '../../lib/clock.ts';
import { createUser } from '../../test/factories.ts';
import { engines, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mail-parse.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.ts';
import { SUPPORT_REQUESTS_PER_HOUR, exportSupportRequests } from './index.ts';
import { listSupportRequests } from './support.repo.ts';

const question = { subject: 'Receipt printer', message: 'The receipt comes out blank.\nSince this morning.' };

describe.each(engines)('support requests on %s', (engine) => {
  describe('over SMTP', () => {
    let smtp: TestSmtp;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtp();
      t = await startTestApp(engine, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Shopdesk <hello@shop.test>',
        SUPPORT_EMAIL: 'help@shop.test',
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('stores the request, mails support with the user as reply-to, and mails the user a copy', async () => {
      const user = await createUser(t);
      const res = await t.request('POST', '/api/secure/support', { token: user.token, body: question });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ subject: question.subject, replyTo: user.email, mailedTo: 'help@shop.test' });
      const info = await t.request('GET', '/api/secure/support', { token: user.token });
      expect(info.body).toEqual({ supportEmail: 'help@shop.test' });

      const rows = await listSupportRequests(t.db, user.user.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: res.body.id, reply_to: user.email, message: question.message });

      const toSupport = smtp.received.find((m) => m.to.includes('help@shop.test'));
      expect(toSupport, 'the support address received the request').toBeDefined();
      expect(toSupport!.from).toBe('hello@shop.test');
      const mail = parseMail(toSupport!.raw);
      expect(mail.headers.get('reply-to')).toBe(user.email);
      expect(mail.headers.get('subject')).toContain(question.subject);
      expect(mail.text).toContain('Since this morning.');
      expect(mail.text).toContain(res.body.id);

      const copy = smtp.received.find((m) => m.to.includes(user.email) && /received your request/.test(m.raw));
      expect(copy, 'the user received a copy').toBeDefined();
      const copyMail = parseMail(copy!.raw);
      expect(copyMail.headers.get('reply-to')).toBe('help@shop.test');
      expect(copyMail.text).toContain('The receipt comes out blank.');
    });

    it("mails the user's copy in the user's language (Japanese after a Japanese sign-up)", async () => {
      const user = await createUser(t, { locale: 'ja-JP' });
      const res = await t.request('POST', '/api/secure/support', { token: user.token, body: question });
      expect(res.status, res.text).toBe(201);
      const copy = t.lastMailTo(user.email);
      expect(copy.subject).toBe(`お問い合わせを受け付けました：${question.subject}`);
      expect(copy.text).toContain(`${user.user.name} 様`);
      expect(copy.text).toContain('お返事いたします');
      // The mail to the support address stays in English for the people who run the server.
      expect(t.lastMailTo('help@shop.test').text).toContain('From: ');
    });

    it('keeps markup in the message as text in the HTML part', async () => {
      const user = await createUser(t);
      const body = { subject: 'Tags', message: '<script>alert(1)</script>' };
      expect((await t.request('POST', '/api/secure/support', { token: user.token, body })).status).toBe(201);
      const sent = smtp.received.filter((m) => m.to.includes('help@shop.test')).map((m) => parseMail(m.raw));
      const mail = sent.find((m) => m.text?.includes('<script>'));
      expect(mail?.html).toContain('&#60;script&#62;');
      expect(mail?.html).not.toContain('<script>');
    });
  });

  describe('with the outbox', () => {
    const t = useTestApp(engine);

    it('refuses a blank subject or message, naming the field, and stores nothing', async () => {
      const user = await createUser(t);
      const res = await t.request('POST', '/api/secure/support', {
        token: user.token,
        body: { subject: '  ', message: '' },
      });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['message', 'subject']);
      expect(await listSupportRequests(t.db, user.user.userId)).toEqual([]);
    });

    it('needs a login', async () => {
      expect((await t.request('POST', '/api/secure/support', { body: question })).status).toBe(401);
    });

    it(`allows ${SUPPORT_REQUESTS_PER_HOUR} requests an hour per user, then 429 with Retry-After`, async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) {
        const ok = await t.request('POST', '/api/secure/support', { token: user.token, body: question });
        expect(ok.status, ok.text).toBe(201);
      }
      const refused = await t.request('POST', '/api/secure/support', { token: user.token, body: question });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await listSupportRequests(t.db, user.user.userId)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
      // Another user is not affected, and the first may ask again an hour later.
      expect((await t.request('POST', '/api/secure/support', { token: other.token, body: question })).status).toBe(201);
      t.clock.advance(HOUR + 1000);
      expect((await t.request('POST', '/api/secure/support', { token: user.token, body: question })).status).toBe(201);
    });
  });

  describe('without a support address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine, { SUPPORT_EMAIL: '' });
    });
    afterAll(async () => t?.close());

    it('says before sending that requests are stored for the administrator', async () => {
      const user = await createUser(t);
      const res = await t.request('GET', '/api/secure/support', { token: user.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ supportEmail: null });
    });

    it('stores the request, logs a line for it and mails nothing', async () => {
      const user = await createUser(t);
      const before = t.mails.length;
      const info = vi.spyOn(t.app.log, 'info');
      try {
        const res = await t.request('POST', '/api/secure/support', { token: user.token, body: question });
        expect(res.status, res.text).toBe(201);
        expect(res.body).toMatchObject({ subject: question.subject, replyTo: user.email, mailedTo: null });
        const rows = await listSupportRequests(t.db, user.user.userId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ id: res.body.id, message: question.message, mailed_to: null });
        const logged = info.mock.calls.find(
          ([fields]) => (fields as { supportRequest?: string }).supportRequest === res.body.id,
        );
        expect(logged, 'a log line names the stored request').toBeDefined();
        expect(String(logged![1])).toMatch(/support:export/);
      } finally {
        info.mockRestore();
      }
      expect(t.mails.length).toBe(before);
    });

    it('exports every stored request as CSV and JSON for the administrator', async () => {
      const user = await createUser(t);
      const body = { subject: '=SUM(A1)', message: 'Line one, with a comma\nLine "two"' };
      const sent = await t.request('POST', '/api/secure/support', { token: user.token, body });
      expect(sent.status, sent.text).toBe(201);

      const json = JSON.parse(await exportSupportRequests(t.db, 'json')) as Array<Record<string, unknown>>;
      expect(json.find((r) => r.id === sent.body.id)).toEqual({
        id: sent.body.id,
        createdAt: sent.body.createdAt,
        name: user.user.name,
        email: user.email,
        mailedTo: null,
        subject: body.subject,
        message: body.message,
      });

      const csv = await exportSupportRequests(t.db, 'csv');
      const records = parseCsvRows(csv, ',');
      expect(records[0]).toEqual(['id', 'createdAt', 'name', 'email', 'mailedTo', 'subject', 'message']);
      const row = records.find((r) => r[0] === sent.body.id);
      // A formula-like subject is kept as text for a spreadsheet; the message keeps its line break.
      expect(row?.slice(3)).toEqual([user.email, '', "'=SUM(A1)", body.message]);
    });
  });
});
