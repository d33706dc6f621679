import { buildReceiptDocument, receiptLabelsFor, type PublicReceipt, type ReceiptDocument } from '@shopdesk/shared';
import { publicApi } from '../../lib/api-client.ts';
import { publicOrigin } from '../../lib/api-base.ts';

/** The public address of a sale's receipt: what the QR, the share sheet and the copied link carry. */
export const receiptUrl = (code: string) => `${publicOrigin()}/receipt/${encodeURIComponent(code)}`;

/**
 * A sale's receipt as the printer draws it: the public receipt (the same answer the customer's page
 * reads, so a printed receipt never shows more than the page), built into the shared document in
 * the cashier's language.
 */
export async function receiptDocumentFor(code: string, locale: string): Promise<ReceiptDocument> {
  const receipt = await publicApi.request<PublicReceipt>(`/api/public/receipt/${encodeURIComponent(code)}`);
  return buildReceiptDocument(receipt, { labels: receiptLabelsFor(locale), locale, url: receiptUrl(code) });
}
