import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorForStatus } from './status-errors.ts';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or error handler runs (a
 * path segment longer than a parameter may be, a malformed percent-encoding). Without it Fastify
 * answers its own body, echoing the path, with a code of its own (found by the schema fuzzer).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const answer = errorForStatus(status);
  void reply.status(answer.status).send(answer.body);
}
