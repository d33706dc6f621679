import { randomUUID } from 'node:crypto';
import type { ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { MINUTE } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { createOutbox } from '../../lib/outbox.ts';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';
import { DISPLAY_RECEIPT_MAIL_MS, sendReceiptMail, type ReceiptMailRequest } from './index.ts';

/**
 * sendReceiptMail as a customer display calls it (helper routes call it the same way): no HTTP
 * request, a pairing id as the asker. The context holds only what the service uses.
 */
describe.each(engines)('receipt mail from a display on %s', (engine) => {
  const t = useTestApp(engine);
  const sent: MailMessage[] = [];
  let ctx: AppContext;
  let owner: TestUser;
  let code: string;
  beforeAll(async () => {
    owner = await createUser(t);
    code = (await createProduct(t, owner, { name: 'Green tea', price: 250 })).code;
    ctx = {
      config: { appUrl: 'http://shop.test', receiptMails: { perStore: 100, perAddress: 100, perAsker: 2 } },
      db: t.db,
      clock: t.clock,
      log: t.app.log,
      mailer: { send: async (m: MailMessage) => void sent.push(m) },
    } as unknown as AppContext;
  });

  const outbox = () => createOutbox({ concurrency: 1, queue: 10 }, t.app.log);
  const ask = async (sale: ShopTransaction, pairingId: string, email = `d-${unique()}@example.com`) => {
    const box = outbox();
    const request: ReceiptMailRequest = {
      storeId: owner.store.id,
      code: sale.code,
      email,
      asker: { kind: 'display', pairingId },
    };
    await sendReceiptMail(ctx, box, request);
    await box.idle();
    return email;
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 202,
      (e: unknown) => (e instanceof AppError ? e.statusCode : 500),
    );

  it('mails a sale just paid, and answers 404 once its 15 minutes are over', async () => {
    const sale = await sellForCash(t, owner, code);
    const to = await ask(sale, randomUUID());
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    expect(sent.at(-1)!.hideRecipient).toBe(true);
    t.clock.advance(DISPLAY_RECEIPT_MAIL_MS + MINUTE);
    expect(await status(ask(sale, randomUUID()))).toBe(404);
  });

  it('limits each display on its own, and answers 404 for a sale of another store', async () => {
    const sale = await sellForCash(t, owner, code);
    const pairing = randomUUID();
    expect(await status(ask(sale, pairing))).toBe(202);
    expect(await status(ask(sale, pairing))).toBe(202);
    expect(await status(ask(sale, pairing))).toBe(429);
    expect(await status(ask(sale, randomUUID()))).toBe(202);
    const other = await createUser(t);
    const theirs = await sellForCash(t, other, (await createProduct(t, other, { price: 100 })).code);
    expect(await status(ask(theirs, randomUUID()))).toBe(404);
  });
});
