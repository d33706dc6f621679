import type { MemberRole, SupportedLocale } from '@shopdesk/shared';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';

/** The invitation mail, in the inviter's language (they know which language their staff read). */
const texts = {
  'en-US': {
    roles: { MANAGER: 'a manager', CASHIER: 'a cashier' },
    subject: (inviter: string, store: string) => `${inviter} invited you to ${store} on ShopDesk`,
    lead: (inviter: string, store: string, role: string) =>
      `${inviter} invited you to work in ${store} on ShopDesk as ${role}.`,
    action: 'Open the link to accept, with a new account or the one you already have:',
    button: 'Accept the invitation',
    tail: (days: number) =>
      `The link works once, for ${days} days, and only for this email address. If you did not expect this, you can ignore this mail.`,
  },
  'ja-JP': {
    roles: { MANAGER: 'マネージャー', CASHIER: 'レジ担当' },
    subject: (inviter: string, store: string) => `${inviter} 様から ShopDesk の「${store}」への招待が届いています`,
    lead: (inviter: string, store: string, role: string) =>
      `${inviter} 様から、ShopDesk の「${store}」に${role}として参加するよう招待されました。`,
    action: '次のリンクを開き、新しいアカウントまたはお持ちのアカウントで招待をお受けください。',
    button: '招待を受ける',
    tail: (days: number) =>
      `リンクは ${days} 日間、このメールアドレスで一度だけご利用いただけます。お心当たりのない場合は、このメールを破棄してください。`,
  },
} as const;

export function invitationMail(
  to: string,
  invite: { inviter: string; store: string; role: MemberRole; link: string; days: number },
  locale: SupportedLocale,
): MailMessage {
  const t = texts[locale];
  const lead = t.lead(invite.inviter, invite.store, t.roles[invite.role]);
  const tail = t.tail(invite.days);
  const link = escapeHtml(invite.link);
  return {
    to,
    subject: t.subject(invite.inviter, invite.store),
    text: `${lead}\n\n${t.action}\n\n${invite.link}\n\n${tail}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(t.action)}</p><p><a href="${link}">${escapeHtml(t.button)}</a></p><p>${link}</p><p>${escapeHtml(tail)}</p>`,
  };
}
