import { RECEIPT_CSS, renderReceiptHtml, type ReceiptDocument, type SupportedLocale } from '@shopdesk/shared';
import { escapeHtml, type MailMessage } from '../../lib/mail.ts';
import { receiptText } from './receipt-text.ts';

/**
 * The receipt mail: the public receipt page's document with a line of thanks, the page's link and
 * why the mail came. Japanese in the polite forms a customer expects from a shop (です・ます).
 */
const texts = {
  'en-US': {
    subject: (store: string) => `Your receipt from ${store}`,
    lead: (store: string) => `Thank you for shopping at ${store}. Here is your receipt.`,
    link: 'You can also open it online:',
    button: 'View the receipt online',
    tail: 'You received this mail because this address was given for a receipt at the store. If that was not you, you can ignore it.',
  },
  'ja-JP': {
    subject: (store: string) => `${store}からのレシート`,
    lead: (store: string) => `${store}をご利用いただき、ありがとうございます。レシートをお送りします。`,
    link: 'レシートはこちらからもご覧いただけます。',
    button: 'レシートをウェブで見る',
    tail: 'このメールは、店頭でレシートの送付先としてこのアドレスが入力されたためお送りしています。お心当たりのない場合は、このメールを破棄してください。',
  },
} as const;

/**
 * Mail readers ignore a custom property in a width (RECEIPT_CSS sizes the receipt with
 * `--r-columns`), so the width is also given per paper, and the shadow of the page is left out.
 */
const MAIL_CSS = `${RECEIPT_CSS}
.receipt[data-paper="58"]{width:32ch}.receipt[data-paper="80"]{width:48ch}
.receipt{max-width:100%;box-shadow:none;border:1px solid #dee2e6}
`;

const BODY =
  'margin:0;padding:24px 12px;background:#eef0f3;color:#111;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Hiragino Sans","Noto Sans JP",sans-serif';
const PARAGRAPH = 'max-width:36rem;margin:0 auto 16px;line-height:1.5';

export interface ReceiptMailInput {
  to: string;
  storeName: string;
  doc: ReceiptDocument;
  /** The public receipt page (`{APP_URL}/receipt/{code}`). */
  link: string;
  locale: SupportedLocale;
}

export function receiptMail({ to, storeName, doc, link, locale }: ReceiptMailInput): MailMessage {
  const t = texts[locale];
  const lang = locale === 'ja-JP' ? 'ja' : 'en';
  const p = (html: string) => `<p style="${PARAGRAPH}">${html}</p>`;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.subject(storeName))}</title><style>${MAIL_CSS}</style></head><body style="${BODY}">${p(escapeHtml(t.lead(storeName)))}${renderReceiptHtml(doc)}<div style="height:16px"></div>${p(`${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a><br>${escapeHtml(link)}`)}${p(`<small style="color:#495057">${escapeHtml(t.tail)}</small>`)}</body></html>`;
  return {
    to,
    hideRecipient: true,
    subject: t.subject(storeName),
    text: `${t.lead(storeName)}\n\n${receiptText(doc)}\n\n${t.link}\n${link}\n\n${t.tail}\n`,
    html,
  };
}
