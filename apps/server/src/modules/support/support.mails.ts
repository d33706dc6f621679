import type { SupportRequestBody, SupportedLocale } from '@shopdesk/shared';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';

export interface Asker {
  email: string;
  name: string;
  userId: string;
}

const html = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** To the support address, in English (the people who run the server); a reply goes to the user. */
export function supportMail(to: string, asker: Asker, body: SupportRequestBody, id: string): MailMessage {
  const about = `From: ${asker.name} <${asker.email}> (user ${asker.userId})\nRequest: ${id}`;
  return {
    to,
    replyTo: asker.email,
    subject: `[Support] ${body.subject}`,
    text: `${about}\n\n${body.message}\n`,
    html: `<p>${html(about)}</p><hr><p>${html(body.message)}</p>`,
  };
}

const copyTexts = {
  'en-US': {
    intro: (name: string, email: string) =>
      `Hello ${name},\n\nWe received your message and will answer at this address (${email}). This is your copy:`,
    subject: (subject: string) => `We received your request: ${subject}`,
  },
  'ja-JP': {
    intro: (name: string, email: string) =>
      `${name} 様\n\nお問い合わせを受け付けました。このアドレス（${email}）宛てにお返事いたします。送信内容の控えは次のとおりです。`,
    subject: (subject: string) => `お問い合わせを受け付けました：${subject}`,
  },
} as const;

/** The user's copy, in their language: what they sent, and that the answer comes to this address. */
export function supportCopyMail(
  supportAddress: string,
  asker: Asker,
  body: SupportRequestBody,
  locale: SupportedLocale,
): MailMessage {
  const t = copyTexts[locale];
  const intro = t.intro(asker.name, asker.email);
  return {
    to: asker.email,
    replyTo: supportAddress,
    subject: t.subject(body.subject),
    text: `${intro}\n\n${body.subject}\n\n${body.message}\n`,
    html: `<p>${html(intro)}</p><p><strong>${html(body.subject)}</strong></p><p>${html(body.message)}</p>`,
  };
}
