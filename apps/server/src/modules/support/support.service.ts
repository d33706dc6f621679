import type { SupportInfo, SupportRequest, SupportRequestBody } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { findUserById } from '../auth/index.ts';
import * as repo from './support.repo.ts';
import { supportCopyMail, supportMail } from './support.mails.ts';

/** Where a request goes on this server, for the form to say before sending. */
export function supportInfo(ctx: AppContext): SupportInfo {
  return { supportEmail: ctx.config.mail.supportEmail || null };
}

/**
 * Always stores the request and logs one line for it, so the administrator of an installation
 * without SUPPORT_EMAIL still sees every request (the log, `npm run support:export`). With a
 * support address it is also mailed there (reply-to: the user) with a copy to the user in their
 * language, through the outbox: the answer does not wait for the mail server, and the stored row
 * keeps the request even when a mail is lost.
 */
export async function sendSupportRequest(
  ctx: AppContext,
  outbox: Outbox,
  userId: string,
  body: SupportRequestBody,
): Promise<SupportRequest> {
  const supportAddress = supportInfo(ctx).supportEmail;
  if (supportAddress) outbox.ensureRoom();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  const row = {
    id: newId(),
    user_id: user.id,
    reply_to: user.email,
    subject: body.subject,
    message: body.message,
    mailed_to: supportAddress,
    created_at: iso(ctx.clock.now()),
  };
  await repo.insertSupportRequest(ctx.db, row);
  ctx.log.info(
    { supportRequest: row.id, userId: user.id, replyTo: user.email, mailedTo: supportAddress, subject: body.subject },
    supportAddress
      ? 'support request stored and mailed'
      : 'support request stored (no SUPPORT_EMAIL: see npm run support:export)',
  );
  if (supportAddress) {
    const asker = { email: user.email, name: user.name, userId: user.id };
    const locale = mailLocale(user.locale);
    outbox.defer('support request', () => ctx.mailer.send(supportMail(supportAddress, asker, body, row.id)));
    outbox.defer('support request copy', () => ctx.mailer.send(supportCopyMail(supportAddress, asker, body, locale)));
  }
  return {
    id: row.id,
    subject: row.subject,
    replyTo: row.reply_to,
    mailedTo: row.mailed_to,
    createdAt: row.created_at,
  };
}
