import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResponseSchema,
  ForgotPasswordParamsSchema,
  LoginBodySchema,
  ResendConfirmationBodySchema,
  ResetPasswordBodySchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  VerifyCodeBodySchema,
  VerifyCodeResponseSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, errorResponses } from '../../lib/schemas.ts';
import { authLimits } from './auth.limits.ts';
import * as auth from './auth.service.ts';
import * as reset from './password-reset.service.ts';

const client = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

/**
 * Open routes under `/api/auth`: sign-up, confirmation, login and password reset. Every call that
 * costs (a password hash, a mail, a code guess) is rate limited; mail goes out through `outbox`.
 */
export function authRoutes(ctx: AppContext, outbox: Outbox): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = authLimits(ctx.config.rateLimit, createThrottle(ctx.db, ctx.clock, ctx.log));
    const limit = limits.byIpAndEmail;
    const tags = ['auth'];

    app.post(
      '/signUp',
      {
        schema: {
          tags,
          body: SignUpBodySchema,
          response: { 201: SignUpResponseSchema, ...errorResponses(400, 409, 429) },
        },
        preHandler: limit('signup'),
      },
      async (request, reply) => {
        await auth.signUp(ctx, outbox, request.body);
        return reply.status(201).send({ email: request.body.email });
      },
    );

    app.get(
      '/confirm/:token',
      {
        schema: {
          tags,
          params: z.object({ token: z.string().min(1).max(256) }),
          response: { 200: AuthResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => auth.confirmEmail(ctx, request.params.token, client(request)),
    );

    app.post(
      '/confirm/resend',
      {
        schema: { tags, body: ResendConfirmationBodySchema, response: { 202: NoContent, ...errorResponses(400, 429) } },
        preHandler: limit('resend'),
      },
      async (request, reply) => {
        auth.resendConfirmation(ctx, outbox, request.body.email);
        return reply.status(202).send();
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          body: LoginBodySchema,
          response: { 200: AuthResponseSchema, ...errorResponses(400, 401, 403, 429) },
        },
        preHandler: limits.byIp('login'),
      },
      async (request) => auth.login(ctx, request.body, client(request), await limits.loginAttempt(request)),
    );

    app.post(
      '/forgot-password/verify',
      {
        schema: {
          tags,
          body: VerifyCodeBodySchema,
          response: { 200: VerifyCodeResponseSchema, ...errorResponses(400, 429) },
        },
        preHandler: limit('verify'),
      },
      async (request) => ({ resetToken: await reset.verifyResetCode(ctx, request.body.email, request.body.code) }),
    );

    app.post(
      '/forgot-password/reset',
      {
        schema: { tags, body: ResetPasswordBodySchema, response: { 204: NoContent, ...errorResponses(400, 429) } },
        preHandler: limits.byIp('reset'),
      },
      async (request, reply) => {
        await reset.resetPassword(ctx, request.body.resetToken, request.body.password);
        return reply.status(204).send();
      },
    );

    app.post(
      '/forgot-password/:email',
      {
        schema: { tags, params: ForgotPasswordParamsSchema, response: { 202: NoContent, ...errorResponses(400, 429) } },
        preHandler: limit('forgot'),
      },
      async (request, reply) => {
        reset.requestResetCode(ctx, outbox, request.params.email);
        return reply.status(202).send();
      },
    );
  };
}
