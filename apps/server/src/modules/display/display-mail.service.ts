import { DisplayStateSchema, type ReceiptMailBody } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { notFound } from '../../core/errors.ts';
import { DISPLAY_RECEIPT_MAIL_MS, sendReceiptMail } from '../receipts/index.ts';
import { pairingOfToken } from './display.service.ts';

const nothingToMail = () => notFound('There is no receipt to send from this display right now.');

/**
 * The receipt by mail from a display (product.md §5): only the sale its newest state shows as paid
 * with a receipt code, and only for a while after, so a display left on the counter can never mail
 * an older sale nor anyone else's. The token and the state are checked first (cheap); the limits
 * per store, per address and per display, then the mail, are sendReceiptMail's (modules/receipts).
 */
export async function mailFromDisplay(
  ctx: AppContext,
  outbox: Outbox,
  token: string,
  body: ReceiptMailBody,
): Promise<void> {
  const pairing = await pairingOfToken(ctx, token);
  if (pairing.state_json === null || pairing.state_at === null) throw nothingToMail();
  const state = DisplayStateSchema.safeParse(JSON.parse(pairing.state_json));
  if (!state.success || state.data.phase !== 'paid' || !state.data.receipt) throw nothingToMail();
  if (ctx.clock.now().getTime() - Date.parse(pairing.state_at) > DISPLAY_RECEIPT_MAIL_MS) throw nothingToMail();
  await sendReceiptMail(ctx, outbox, {
    storeId: pairing.store_id,
    code: state.data.receipt.code.toUpperCase(),
    email: body.email,
    locale: body.locale,
    keepAddress: body.keepAddress,
    asker: { kind: 'display', pairingId: pairing.id },
  });
}
