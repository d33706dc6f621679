import { ErrorCode, type SupportRequest, type SupportRequestBody } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { findUserById } from '../auth/index.ts';
import * as repo from './support.repo.ts';
import { supportCopyMail, supportMail } from './support.mails.ts';

/**
 * Stores the request, then mails it to SUPPORT_EMAIL (reply-to: the user) and a copy to the user,
 * through the outbox: the answer does not wait for the mail server, and the stored row keeps the
 * request even when a mail is lost. Without a support address nothing is stored: the user is told
 * at once rather than left waiting for an answer that cannot come.
 */
export async function sendSupportRequest(
  ctx: AppContext,
  outbox: Outbox,
  userId: string,
  body: SupportRequestBody,
): Promise<SupportRequest> {
  const supportAddress = ctx.config.mail.supportEmail;
  if (!supportAddress) {
    throw new AppError(
      404,
      ErrorCode.SUPPORT_NOT_CONFIGURED,
      'Support by mail is not set up on this server. Please contact the person who runs it.',
    );
  }
  outbox.ensureRoom();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  const row = {
    id: newId(),
    user_id: user.id,
    reply_to: user.email,
    subject: body.subject,
    message: body.message,
    created_at: iso(ctx.clock.now()),
  };
  await repo.insertSupportRequest(ctx.db, row);
  const asker = { email: user.email, name: user.name, userId: user.id };
  outbox.defer('support request', () => ctx.mailer.send(supportMail(supportAddress, asker, body, row.id)));
  outbox.defer('support request copy', () => ctx.mailer.send(supportCopyMail(supportAddress, asker, body)));
  return { id: row.id, subject: row.subject, replyTo: row.reply_to, createdAt: row.created_at };
}
