import type { SupportedLocale } from '@shopdesk/shared';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';

/**
 * Every account mail in the user's language: the caller picks the locale with `mailLocale` (the
 * sign-up's locale, then the profile's). Japanese mails use the polite forms a shop owner expects
 * from a service (です・ます, 様).
 */
const texts = {
  'en-US': {
    hello: (name: string) => `Hello ${name},`,
    confirm: {
      subject: 'Confirm your ShopDesk account',
      lead: 'Please confirm your email address to start using ShopDesk:',
      button: 'Confirm my account',
      tail: 'The link works for 48 hours. If you did not sign up, you can ignore this mail.',
    },
    reset: {
      subject: (code: string) => `Your ShopDesk password reset code: ${code}`,
      lead: 'Your code to reset your password is:',
      tail: 'It works for 15 minutes. If you did not ask for it, you can ignore this mail; your password stays the same.',
    },
    notice: {
      subject: 'Someone tried to create a ShopDesk account with your address',
      lead: 'Someone tried to create a new ShopDesk account with this email address, which already has an account. Nothing was changed.',
      login: 'If it was you, log in instead:',
      loginLink: 'log in',
      reset: 'or, if you forgot your password, reset it:',
      resetLink: 'reset it',
      htmlLine: (login: string, reset: string) =>
        `If it was you, ${login} instead, or, if you forgot your password, ${reset}.`,
      tail: 'If it was not you, you can ignore this mail.',
    },
  },
  'ja-JP': {
    hello: (name: string) => `${name} 様`,
    confirm: {
      subject: 'ShopDesk アカウントの確認のお願い',
      lead: 'ShopDesk をご利用いただくには、次のリンクからメールアドレスの確認をお願いいたします。',
      button: 'アカウントを確認する',
      tail: 'リンクの有効期限は 48 時間です。お心当たりのない場合は、このメールを破棄してください。',
    },
    reset: {
      subject: (code: string) => `ShopDesk パスワード再設定コード：${code}`,
      lead: 'パスワードを再設定するためのコードは次のとおりです。',
      tail: 'コードの有効期限は 15 分です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    },
    notice: {
      subject: 'お使いのメールアドレスで ShopDesk アカウントの作成が試みられました',
      lead: 'このメールアドレスで ShopDesk の新しいアカウントを作成しようとする操作がありましたが、すでにアカウントが登録されているため、何も変更していません。',
      login: 'ご本人による操作の場合は、こちらからログインしてください。',
      loginLink: 'ログイン',
      reset: 'パスワードをお忘れの場合は、こちらから再設定できます。',
      resetLink: 'パスワードを再設定',
      htmlLine: (login: string, reset: string) =>
        `ご本人による操作の場合は、${login}してください。パスワードをお忘れの場合は、${reset}できます。`,
      tail: 'お心当たりのない場合は、このメールを破棄してください。',
    },
  },
} as const;

export function confirmationMail(to: string, name: string, link: string, locale: SupportedLocale): MailMessage {
  const t = texts[locale];
  const c = t.confirm;
  return {
    to,
    subject: c.subject,
    text: `${t.hello(name)}\n\n${c.lead}\n\n${link}\n\n${c.tail}\n`,
    html: `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(c.lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(c.button)}</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(c.tail)}</p>`,
  };
}

export function resetCodeMail(to: string, name: string, code: string, locale: SupportedLocale): MailMessage {
  const t = texts[locale];
  const r = t.reset;
  return {
    to,
    subject: r.subject(code),
    text: `${t.hello(name)}\n\n${r.lead}\n\n${code}\n\n${r.tail}\n`,
    html: `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(r.lead)}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${escapeHtml(r.tail)}</p>`,
  };
}

/** To the owner of an address someone tried to sign up with again; says nothing to the one who tried. */
export function signUpNoticeMail(to: string, name: string, appUrl: string, locale: SupportedLocale): MailMessage {
  const t = texts[locale];
  const n = t.notice;
  const login = `${appUrl}/auth`;
  const reset = `${appUrl}/forgot-password`;
  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  return {
    to,
    subject: n.subject,
    text: `${t.hello(name)}\n\n${n.lead}\n\n${n.login}\n\n${login}\n\n${n.reset}\n\n${reset}\n\n${n.tail}\n`,
    html: `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(n.lead)}</p><p>${n.htmlLine(a(login, n.loginLink), a(reset, n.resetLink))}</p><p>${escapeHtml(n.tail)}</p>`,
  };
}
