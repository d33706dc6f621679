import {
  DEFAULT_RECEIPT_TEMPLATE,
  toPublicReceipt,
  type ImageMimeType,
  type ReceiptGiftCardDetails,
  type PublicReceipt,
  type ReceiptTemplate,
  type ReceiptTemplateBody,
} from '@shopdesk/shared';
import type { ReceiptTemplatesTable } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { readTransaction } from '../shop/index.ts';
import { storedValueSettingsOf } from '../stored-value/index.ts';
import * as repo from './receipts.repo.ts';

export const receiptNotFound = () => notFound('We could not find this receipt.');

/** The store's receipt image identifier of original.md §3: `{userId}-{storeId}-receipt`, userId the owner's. */
export function logoImageId(store: { id: string; owner_id: string }): string {
  return `${store.owner_id}-${store.id}-receipt`;
}

/** Where the public receipt's logo is served (by the receipt's code, so no store or image id shows). */
export function publicLogoPath(code: string): string {
  return `/api/public/receipt/${code}/logo`;
}

function toBody(row: ReceiptTemplatesTable | undefined): ReceiptTemplateBody {
  if (!row) return DEFAULT_RECEIPT_TEMPLATE;
  return {
    headerText: row.header_text,
    footerText: row.footer_text,
    showLogo: Number(row.show_logo) === 1,
    showStoreName: Number(row.show_store_name) === 1,
    showAddress: Number(row.show_address) === 1,
    showPhone: Number(row.show_phone) === 1,
    showSecondCurrency: Number(row.show_second_currency) === 1,
    showQr: Number(row.show_qr) === 1,
    showServedBy: Number(row.show_served_by) === 1,
    paperWidth: Number(row.paper_width) === 80 ? 80 : 58,
  };
}

async function templateOf(ctx: AppContext, scope: Scope, body: ReceiptTemplateBody): Promise<ReceiptTemplate> {
  const { store } = scope;
  const imageId = logoImageId(store);
  const image = await repo.findImage(ctx.db, store.id, imageId);
  return { storeId: store.id, ...body, logoImageId: imageId, logoUploaded: image !== undefined };
}

/** `GET /virtual-store/{urlName}/receipt-template`: the saved template, or the default one. */
export async function getTemplate(ctx: AppContext, scope: Scope): Promise<ReceiptTemplate> {
  return templateOf(ctx, scope, toBody(await repo.findTemplate(ctx.db, scope.store.id)));
}

/** `PUT /virtual-store/{urlName}/receipt-template`: replaces the template whole. */
export async function putTemplate(ctx: AppContext, scope: Scope, body: ReceiptTemplateBody): Promise<ReceiptTemplate> {
  const flag = (v: boolean) => (v ? 1 : 0);
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertTemplate(trx, {
      store_id: scope.store.id,
      header_text: body.headerText,
      footer_text: body.footerText,
      show_logo: flag(body.showLogo),
      show_store_name: flag(body.showStoreName),
      show_address: flag(body.showAddress),
      show_phone: flag(body.showPhone),
      show_second_currency: flag(body.showSecondCurrency),
      show_qr: flag(body.showQr),
      show_served_by: flag(body.showServedBy),
      paper_width: body.paperWidth,
      updated_at: iso(at),
    });
    await recordAudit(trx, scope, {
      action: 'RECEIPT_TEMPLATE',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      at,
    });
  });
  return templateOf(ctx, scope, body);
}

/** A sale ready for its receipt: the sale, its store's row and receipt template, its internal id. */
export type ReceiptSale = Awaited<ReturnType<typeof receiptSale>>;

/**
 * A completed (or refunded) sale by its public code, with its store; 404 for anything else, and for
 * a sale of another store than `storeId` when given (a counter or display names its own store).
 */
export async function receiptSale(ctx: AppContext, code: string, storeId?: string) {
  const upper = code.toUpperCase();
  const entry = await repo.findReceiptCode(ctx.db, upper);
  if (!entry || (storeId !== undefined && entry.store_id !== storeId)) throw receiptNotFound();
  const [store, row] = await Promise.all([
    repo.findStoreDetails(ctx.db, entry.store_id),
    repo.findTemplate(ctx.db, entry.store_id),
  ]);
  if (!store) throw receiptNotFound();
  let sale;
  try {
    sale = await readTransaction(ctx, entry.store_id, upper);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw receiptNotFound();
    throw error;
  }
  // A parked cart is not a sale yet: its code answers exactly like an unknown one.
  if (sale.status === 'PARKED') throw receiptNotFound();
  return { sale, store, template: toBody(row), saleId: entry.transaction_id };
}

/** What the gift cards a sale sold print with them (資金決済法's disclosures); undefined when it sold none. */
async function giftCardDetails(
  ctx: AppContext,
  store: NonNullable<Awaited<ReturnType<typeof repo.findStoreDetails>>>,
  saleId: string,
  sold: boolean,
): Promise<ReceiptGiftCardDetails | undefined> {
  if (!sold) return undefined;
  const settings = storedValueSettingsOf(store);
  const cards = await repo.findSoldCards(ctx.db, store.id, saleId);
  return {
    usableAt: settings.usableAt,
    contact: settings.contact,
    expiresAt: Object.fromEntries(cards.map((c) => [c.code, c.expires_at])),
    // Spent since (a REDEEM sets last_used_at): the receipt link no longer shows the whole code.
    inUse: Object.fromEntries(cards.map((c) => [c.code, c.last_used_at !== null])),
  };
}

/**
 * `GET /api/public/receipt/{code}`: the receipt anyone with the code may read, built by the shared
 * allow-list (toPublicReceipt), so no id, cost, email or clientId leaves the server (of the member
 * who sold, only a first name, and only when the template shows it).
 */
export async function publicReceipt(ctx: AppContext, code: string): Promise<PublicReceipt> {
  return publicReceiptOf(ctx, await receiptSale(ctx, code));
}

/** The public receipt of a sale already read by `receiptSale` (the receipt mail reads it first). */
export async function publicReceiptOf(ctx: AppContext, loaded: ReceiptSale): Promise<PublicReceipt> {
  const { sale, store, template, saleId } = loaded;
  const [logo, giftCards] = await Promise.all([
    template.showLogo ? repo.findImage(ctx.db, store.id, logoImageId(store)) : undefined,
    giftCardDetails(
      ctx,
      store,
      saleId,
      sale.lines.some((l) => l.giftCardCode),
    ),
  ]);
  return toPublicReceipt(
    sale,
    { ...store, mainCurrency: store.main_currency },
    template,
    logo ? publicLogoPath(sale.code) : null,
    giftCards,
  );
}

/** The logo of a receipt whose template shows one. */
export async function publicReceiptLogo(
  ctx: AppContext,
  code: string,
): Promise<{ bytes: Buffer; mime: ImageMimeType; etag: string }> {
  const { store, template } = await receiptSale(ctx, code);
  if (!template.showLogo) throw notFound('This receipt has no logo.');
  const id = logoImageId(store);
  const meta = await repo.findImage(ctx.db, store.id, id);
  const bytes = meta ? await ctx.files.get(store.id, id) : undefined;
  if (!meta || !bytes) throw notFound('This receipt has no logo.');
  return {
    bytes,
    mime: meta.mime as ImageMimeType,
    etag: `"${meta.size}-${Date.parse(meta.updated_at).toString(36)}"`,
  };
}
