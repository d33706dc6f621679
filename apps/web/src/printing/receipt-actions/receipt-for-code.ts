import {
  buildReceiptDocument,
  buildReturnReceiptDocument,
  receiptLabelsFor,
  returnReceiptPath,
  type PublicReceipt,
  type ReceiptDocument,
} from '@shopdesk/shared';
import { publicApi } from '../../lib/api-client.ts';
import { publicOrigin } from '../../lib/api-base.ts';

/**
 * The public address of a sale's receipt, or of its `refund`-th refund's return receipt (from 1):
 * what the QR, the share sheet and the copied link carry.
 */
export const receiptUrl = (code: string, refund?: number) =>
  refund
    ? `${publicOrigin()}${returnReceiptPath(encodeURIComponent(code), refund)}`
    : `${publicOrigin()}/receipt/${encodeURIComponent(code)}`;

/** The public receipt of `code`: the same answer the customer's page reads. */
export function fetchPublicReceipt(code: string): Promise<PublicReceipt> {
  return publicApi.request<PublicReceipt>(`/api/public/receipt/${encodeURIComponent(code)}`);
}

/** The shared document of a public receipt in `locale`; with `refund` (from 1), that refund's return receipt. */
export function documentOfReceipt(receipt: PublicReceipt, locale: string, refund?: number): ReceiptDocument {
  const options = { labels: receiptLabelsFor(locale), locale, url: receiptUrl(receipt.code, refund) };
  return refund ? buildReturnReceiptDocument(receipt, refund - 1, options) : buildReceiptDocument(receipt, options);
}

/**
 * A sale's receipt as the printer draws it: the public receipt (the same answer the customer's page
 * reads, so a printed receipt never shows more than the page), built into the shared document in
 * the cashier's language; with `refund` (from 1), that refund's return receipt.
 */
export async function receiptDocumentFor(code: string, locale: string, refund?: number): Promise<ReceiptDocument> {
  return documentOfReceipt(await fetchPublicReceipt(code), locale, refund);
}
