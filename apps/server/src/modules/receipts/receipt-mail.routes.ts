import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReceiptMailBodySchema, ReceiptMailResponseSchema, TransactionCodeParamsSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { sendReceiptMail } from './receipt-mail.service.ts';

/** `POST /api/secure/shop/transaction/{code}/receipt-mail`: the counter mails a sale's receipt. */
export function receiptMailRoutes(ctx: AppContext, outbox: Outbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/shop/transaction/:code/receipt-mail',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          tags: ['shop'],
          security: bearerAuth,
          headers: storeHeaders,
          description:
            "Mails a completed sale's receipt (the public receipt page's document, in `locale` else the store's language) to `email` → 202 {sent: true}. With keepAddress and a customer on the sale, the address becomes that customer's email. The answer says nothing about the address. 404 for a code that is no completed sale of the store; 429 past the limits per member, per address and per store (an hour each).",
          params: TransactionCodeParamsSchema,
          body: ReceiptMailBodySchema,
          response: { 202: ReceiptMailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const scope = await scopeOf(ctx, request);
        const { email, locale, keepAddress } = request.body;
        await sendReceiptMail(ctx, outbox, {
          storeId: scope.store.id,
          code: request.params.code,
          email,
          locale,
          keepAddress,
          asker: { kind: 'counter', scope },
        });
        return reply.status(202).send({ sent: true });
      },
    );
  };
}
