import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTokenFrom, signUpBody } from '../../test/factories.ts';
import { engines, useTestApp, startTestApp, type TestApp } from '../../test/harness.ts';
import { decodeQuotedPrintable, parseMail } from '../../test/mail-parse.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.ts';

describe('quoted-printable decoding used by these tests', () => {
  it('decodes soft breaks and escapes', () => {
    expect(decodeQuotedPrintable('a=3Db=\nc =C3=A9')).toBe('a=bc é');
  });
});

describe.each(engines)('mail on %s', (engine) => {
  describe('over SMTP', () => {
    let smtp: TestSmtp;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtp();
      t = await startTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Shopdesk <hello@shop.test>' });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('delivers the confirmation mail, and its link confirms the account', async () => {
      const body = signUpBody();
      expect((await t.request('POST', '/api/auth/signUp', { body })).status).toBe(201);
      const message = smtp.received.find((m) => m.to.includes(body.email));
      expect(message, 'the SMTP server received the mail').toBeDefined();
      expect(message!.from).toBe('hello@shop.test');
      const mail = parseMail(message!.raw);
      expect(mail.headers.get('subject')).toMatch(/confirm/i);
      expect(mail.headers.get('to')).toContain(body.email);
      expect(mail.html).toContain('/confirm/');
      const link = /http:\/\/shop\.test\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      expect(link).toBeDefined();
      const token = confirmTokenFrom(link!);
      const confirmed = await t.request('GET', `/api/auth/confirm/${token}`);
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.body.user.email).toBe(body.email);
    });
  });

  describe('without SMTP', () => {
    const t = useTestApp(engine);

    it('writes each mail as an .eml file to DATA_DIR/outbox', async () => {
      const body = signUpBody();
      expect((await t.request('POST', '/api/auth/signUp', { body })).status).toBe(201);
      const outbox = join(t.dataDir, 'outbox');
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      const mails = files.map((f) => parseMail(readFileSync(join(outbox, f), 'utf8')));
      const mail = mails.find((m) => m.headers.get('to')?.includes(body.email));
      expect(mail).toBeDefined();
      const token = confirmTokenFrom(mail!.text ?? '');
      expect((await t.request('GET', `/api/auth/confirm/${token}`)).status).toBe(200);
    });

    it('writes a plain-text copy beside each .eml, with the link whole on a line of its own', async () => {
      const body = signUpBody();
      expect((await t.request('POST', '/api/auth/signUp', { body })).status).toBe(201);
      const outbox = join(t.dataDir, 'outbox');
      const copies = readdirSync(outbox)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => ({ f, text: readFileSync(join(outbox, f), 'utf8') }));
      const copy = copies.find((c) => c.text.startsWith(`To: ${body.email}\n`));
      expect(copy, 'a .txt copy addressed to the new owner').toBeDefined();
      expect(readdirSync(outbox)).toContain(copy!.f.replace(/\.txt$/, '.eml'));
      // The whole line is the link, so a copied line opens it (no soft line break, no =3D).
      const line = copy!.text.split('\n').find((l) => l.includes('/confirm/'));
      expect(line).toMatch(/^http:\/\/[^\s]+\/confirm\/[A-Za-z0-9_-]+$/);
      expect((await t.request('GET', `/api/auth/confirm/${confirmTokenFrom(line!)}`)).status).toBe(200);
    });
  });

  describe('when the mail server is down', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Nothing listens on port 1 of 127.0.0.1: the connection is refused at once.
      t = await startTestApp(engine, { SMTP_URL: 'smtp://127.0.0.1:1' });
    });
    afterAll(async () => t?.close());

    it('still signs the user up; they can ask for a new link later', async () => {
      const body = signUpBody();
      const res = await t.request('POST', '/api/auth/signUp', { body });
      expect(res.status, res.text).toBe(201);
      expect((await t.request('POST', '/api/auth/confirm/resend', { body: { email: body.email } })).status).toBe(202);
    });
  });
});
