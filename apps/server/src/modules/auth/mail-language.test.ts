import { describe, expect, it } from 'vitest';
import { confirmTokenFrom, createUser, resetCodeFrom, signUp, signUpBody } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { mailLocale } from '../../lib/mail-locale.ts';

/** Every mail in the user's language (the sign-up's locale, then the profile's). */
describe('mailLocale', () => {
  it('takes the first supported language, matching on the language alone, else English', () => {
    expect(mailLocale('ja-JP')).toBe('ja-JP');
    expect(mailLocale('ja')).toBe('ja-JP');
    expect(mailLocale(undefined, 'ja-JP')).toBe('ja-JP');
    expect(mailLocale('fr-FR', 'ja-JP')).toBe('ja-JP');
    expect(mailLocale('en-GB', 'ja-JP')).toBe('en-US');
    expect(mailLocale(null, undefined)).toBe('en-US');
  });
});

describe.each(engines)('mail language on %s', (engine) => {
  const t = useTestApp(engine);

  it('mails the sign-up confirmation in Japanese after a Japanese sign-up, with a working link', async () => {
    const { body, confirmToken } = await signUp(t, { locale: 'ja-JP', name: '山田 花子' });
    const mail = t.lastMailTo(body.email);
    expect(mail.subject).toBe('ShopDesk アカウントの確認のお願い');
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toContain('メールアドレスの確認をお願いいたします');
    expect(mail.text).not.toMatch(/Hello|Please confirm/);
    expect(mail.html).toContain('アカウントを確認する');
    expect((await t.request('GET', `/api/auth/confirm/${confirmToken}`)).status).toBe(200);
  });

  it('keeps English for an English sign-up', async () => {
    const { body } = await signUp(t, { locale: 'en-US' });
    expect(t.lastMailTo(body.email).subject).toBe('Confirm your ShopDesk account');
  });

  it('resends the confirmation in the language of the sign-up', async () => {
    const body = signUpBody({ locale: 'ja-JP' });
    expect((await t.request('POST', '/api/auth/signUp', { body })).status).toBe(201);
    const first = confirmTokenFrom(t.lastMailTo(body.email).text);
    expect((await t.request('POST', '/api/auth/confirm/resend', { body: { email: body.email } })).status).toBe(202);
    const resent = t.lastMailTo(body.email);
    expect(confirmTokenFrom(resent.text)).not.toBe(first);
    expect(resent.subject).toBe('ShopDesk アカウントの確認のお願い');
  });

  it('mails the password reset code in the profile language, and the code works', async () => {
    // Signed up in English, then switched the profile to Japanese: the profile decides.
    const user = await createUser(t, { locale: 'en-US' });
    const put = await t.request('PUT', '/api/secure/profile', {
      token: user.token,
      body: { name: user.user.name, locale: 'ja-JP' },
    });
    expect(put.status, put.text).toBe(200);
    expect((await t.request('POST', `/api/auth/forgot-password/${encodeURIComponent(user.email)}`)).status).toBe(202);
    const mail = t.lastMailTo(user.email);
    expect(mail.subject).toMatch(/^ShopDesk パスワード再設定コード：\d{6}$/);
    expect(mail.text).toContain('有効期限は 15 分です');
    const code = resetCodeFrom(mail.text);
    const verified = await t.request('POST', '/api/auth/forgot-password/verify', { body: { email: user.email, code } });
    expect(verified.status, verified.text).toBe(200);
  });

  it("mails the repeat sign-up notice in the account owner's language", async () => {
    const owner = await createUser(t, { locale: 'ja-JP' });
    const again = signUpBody({ email: owner.email, locale: 'en-US' });
    expect((await t.request('POST', '/api/auth/signUp', { body: again })).status).toBe(201);
    const notice = t.lastMailTo(owner.email);
    expect(notice.subject).toBe('お使いのメールアドレスで ShopDesk アカウントの作成が試みられました');
    expect(notice.text).toContain('http://shop.test/forgot-password');
    expect(notice.html).toContain('<a href="http://shop.test/auth">ログイン</a>');
  });
});
