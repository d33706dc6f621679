import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTransactionBodySchema,
  RefundBodySchema,
  ShopTransactionSchema,
  TransactionCodeParamsSchema,
  TransactionsByDateQuerySchema,
  TransactionsByMonthQuerySchema,
  TransactionWindowSchema,
  UpdateTransactionBodySchema,
  VoidParkedBodySchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import * as checkout from './checkout.service.ts';
import * as lists from './transaction-lists.service.ts';
import { refund } from './refunds.service.ts';
import { voidParked } from './void-parked.ts';

/** `/api/secure/shop/transaction...`: the counter's sales (product.md §6), in the store of X-Store. */
export function shopRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['shop'], security: bearerAuth, headers: storeHeaders };
    const one = { 200: ShopTransactionSchema };

    app.post(
      '/shop/transaction',
      {
        config: { permission: 'SELL', till: 'member', approvable: true },
        schema: {
          ...base,
          description:
            'Stores a parked cart or a completed sale (stock moves with it). soldAt is the device time of the sale (at most 5 minutes ahead, 30 days old: else 400 SOLD_AT_OUT_OF_RANGE); rate the rate the counter showed (400 RATE_IMPLAUSIBLE when 10% off the store rate). The same clientId again answers 200 with the first result; with a different body 409 CLIENT_ID_REUSED.',
          body: CreateTransactionBodySchema,
          response: { 201: ShopTransactionSchema, ...one, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { created, transaction } = await checkout.createTransaction(
          ctx,
          await scopeOf(ctx, request),
          request.body,
        );
        return reply.status(created ? 201 : 200).send(transaction);
      },
    );

    app.get(
      '/shop/transaction/parked',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: { ...base, response: { 200: z.array(ShopTransactionSchema), ...errorResponses(401, 403, 404) } },
      },
      async (request) => checkout.listParked(ctx, await scopeOf(ctx, request)),
    );

    app.get(
      '/shop/transaction/range/by-month',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          querystring: TransactionsByMonthQuerySchema,
          response: { 200: TransactionWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { month, ...filters } = request.query;
        return lists.listByMonth(ctx, await scopeOf(ctx, request), month, filters);
      },
    );

    app.get(
      '/shop/transaction/range/by-date',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          querystring: TransactionsByDateQuerySchema,
          response: { 200: TransactionWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { from, to, ...filters } = request.query;
        return lists.listByDates(ctx, await scopeOf(ctx, request), from, to, filters);
      },
    );

    app.get(
      '/shop/transaction/:code',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          params: TransactionCodeParamsSchema,
          response: { ...one, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => checkout.readTransaction(ctx, (await scopeOf(ctx, request)).store.id, request.params.code),
    );

    app.put(
      '/shop/transaction/:code',
      {
        config: { permission: 'SELL', till: 'member', approvable: true },
        schema: {
          ...base,
          description:
            'Edits a parked cart, or completes it with its payment (stock moves then). Completing needs a clientId: the same completion again answers 200 with the sale, the same clientId with a different body 409 CLIENT_ID_REUSED, a cart completed by another request 409 ALREADY_COMPLETED.',
          params: TransactionCodeParamsSchema,
          body: UpdateTransactionBodySchema,
          response: { ...one, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => checkout.updateParked(ctx, await scopeOf(ctx, request), request.params.code, request.body),
    );

    app.post(
      '/shop/transaction/:code/void',
      {
        config: { permission: 'VOID_PARKED', till: 'member', approvable: true },
        schema: {
          ...base,
          description:
            'Throws a held cart away (it moved no stock and took no money); the audit log keeps its code, total and lines. On a till, userId is the member unlocked there and approvedBy the member who approved it when they lack VOID_PARKED. 409 ALREADY_COMPLETED when it was completed or voided meanwhile.',
          params: TransactionCodeParamsSchema,
          body: VoidParkedBodySchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await voidParked(ctx, await scopeOf(ctx, request), request.params.code, request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      '/shop/transaction/:code/refund',
      {
        config: { permission: 'REFUND', till: 'member', approvable: true },
        schema: {
          ...base,
          description:
            'Refunds what remains (no lines) or part of it. Goods go back into stock unless restock is false. The same clientId again with the same body answers 200 and changes nothing; with a different body 409 CLIENT_ID_REUSED; on another sale 409 CONFLICT.',
          params: TransactionCodeParamsSchema,
          body: RefundBodySchema,
          response: { 201: ShopTransactionSchema, ...one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const result = await refund(ctx, await scopeOf(ctx, request), request.params.code, request.body);
        return reply.status(result.created ? 201 : 200).send(result.transaction);
      },
    );
  };
}
