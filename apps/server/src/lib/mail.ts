import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from './ids.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it is not the sender (a support request: the user who asked). */
  replyTo?: string;
  /** The addressee is someone else's customer (a receipt mail): the log never names the address. */
  hideRecipient?: boolean;
}

export interface Mailer {
  /** Sends one mail; rejects when the transport fails (callers decide whether that matters). */
  send(message: MailMessage): Promise<void>;
}

interface MailConfig {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}

/**
 * SMTP when `SMTP_URL` is set. Otherwise every mail is rendered to a real RFC 822 message, logged
 * and written to `DATA_DIR/outbox/*.eml` with a plain-text copy (`*.txt`) beside it, so a fresh
 * install works without a mail server and a newcomer can open the confirmation link.
 */
export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ hideRecipient, ...message }) {
        await transport.sendMail({ from: config.from, ...message });
        log.info({ to: loggedTo(message.to, hideRecipient), subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ hideRecipient, ...message }) {
      const info = await transport.sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = join(config.outboxDir, `${stamp}-${newId().slice(0, 8)}`);
      await writeFile(`${base}.eml`, info.message as Buffer);
      // The .eml is quoted-printable: its soft line breaks cut a long link in two. The plain copy
      // beside it keeps every line whole, so a link can be copied from it.
      await writeFile(`${base}.txt`, plainCopy(message));
      log.info(
        { to: loggedTo(message.to, hideRecipient), subject: message.subject, file: `${base}.txt` },
        `mail written to outbox:\n\n${message.text}`,
      );
    },
  };
}

function loggedTo(to: string, hide: boolean | undefined): string {
  return hide ? '(hidden)' : to;
}

/** A mail as plain UTF-8 text: its addressee and subject, then the text part as written. */
function plainCopy(message: MailMessage): string {
  const replyTo = message.replyTo ? `Reply-To: ${message.replyTo}\n` : '';
  return `To: ${message.to}\n${replyTo}Subject: ${message.subject}\n\n${message.text}`;
}

/** Escapes text for the simple HTML bodies of our mails. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
