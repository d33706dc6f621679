import type { SupportRequestBody } from '@shopdesk/shared';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';

export interface Asker {
  email: string;
  name: string;
  userId: string;
}

const html = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** To the support address; a plain reply goes straight to the user who asked. */
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

/** The user's copy: what they sent, and that the answer comes to this address. */
export function supportCopyMail(supportAddress: string, asker: Asker, body: SupportRequestBody): MailMessage {
  const intro = `Hello ${asker.name},\n\nWe received your message and will answer at this address (${asker.email}). This is your copy:`;
  return {
    to: asker.email,
    replyTo: supportAddress,
    subject: `We received your request: ${body.subject}`,
    text: `${intro}\n\n${body.subject}\n\n${body.message}\n`,
    html: `<p>${html(intro)}</p><p><strong>${html(body.subject)}</strong></p><p>${html(body.message)}</p>`,
  };
}
