import { escapeHtml, type MailMessage } from '../../lib/mail.ts';

export function confirmationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your ShopDesk account',
    text: `Hello ${name},\n\nPlease confirm your email address to start using ShopDesk:\n\n${link}\n\nThe link works for 48 hours. If you did not sign up, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address to start using ShopDesk:</p><p><a href="${escapeHtml(link)}">Confirm my account</a></p><p>${escapeHtml(link)}</p><p>The link works for 48 hours. If you did not sign up, you can ignore this mail.</p>`,
  };
}

export function resetCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ShopDesk password reset code: ${code}`,
    text: `Hello ${name},\n\nYour code to reset your password is:\n\n${code}\n\nIt works for 15 minutes. If you did not ask for it, you can ignore this mail; your password stays the same.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Your code to reset your password is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It works for 15 minutes. If you did not ask for it, you can ignore this mail; your password stays the same.</p>`,
  };
}
