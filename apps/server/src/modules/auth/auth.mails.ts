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

/** To the owner of an address someone tried to sign up with again; says nothing to the one who tried. */
export function signUpNoticeMail(to: string, name: string, appUrl: string): MailMessage {
  const login = `${appUrl}/auth`;
  const reset = `${appUrl}/forgot-password`;
  return {
    to,
    subject: 'Someone tried to create a ShopDesk account with your address',
    text: `Hello ${name},\n\nSomeone tried to create a new ShopDesk account with this email address, which already has an account. Nothing was changed.\n\nIf it was you, log in instead:\n\n${login}\n\nor, if you forgot your password, reset it:\n\n${reset}\n\nIf it was not you, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Someone tried to create a new ShopDesk account with this email address, which already has an account. Nothing was changed.</p><p>If it was you, <a href="${escapeHtml(login)}">log in</a> instead, or, if you forgot your password, <a href="${escapeHtml(reset)}">reset it</a>.</p><p>If it was not you, you can ignore this mail.</p>`,
  };
}
