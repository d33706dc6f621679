import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiError } from '@shopdesk/shared';
import { AppError } from '../core/errors.ts';
import { errorForStatus } from './status-errors.ts';

type Detail = NonNullable<ApiError['details']>[number];

/** `/lines/0/quantity` → `lines.0.quantity`; an empty path means the whole body, query or params. */
function fieldName(instancePath: string, context: string | undefined): string {
  const dotted = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return dotted || context || 'body';
}

function validationError(error: FastifyError & { validationContext?: string }): AppError {
  const context = error.validationContext;
  const details: Detail[] = (error.validation ?? []).flatMap((v) => {
    const field = fieldName(v.instancePath, context);
    // A strict shape (a customer display's state) names each field it does not take, so a client
    // sending a cost learns which field was refused, not that its body was missing.
    const unknown = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(unknown) && unknown.length > 0) {
      const prefix = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return unknown.map((key) => ({
        field: prefix ? `${prefix}.${String(key)}` : String(key),
        message: 'This field is not accepted here',
      }));
    }
    const message =
      field === context && context === 'body' ? 'The request needs a JSON body.' : (v.message ?? 'Invalid value');
    return [{ field, message }];
  });
  return invalidFields(details);
}

/** The 400 of a request with invalid fields (`lines.0.quantity`), however they were checked. */
export function invalidFields(details: Detail[]): AppError {
  const message = details.length === 1 && details[0] ? details[0].message : 'Please correct the highlighted fields.';
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, details);
}

/** Maps framework errors (bad JSON, too large, wrong type, rate limit) onto the API's error shape. */
function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error as FastifyError);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, ErrorCode.VALIDATION_ERROR, 'The request body is not valid JSON.', [
        { field: 'body', message: 'The request body is not valid JSON.' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, ErrorCode.VALIDATION_ERROR, 'The request needs a JSON body.', [
        { field: 'body', message: 'The request needs a JSON body.' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Please send the request as JSON.');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = errorForStatus(status);
    return new AppError(known.status, known.body.code, known.body.message);
  }
  return undefined;
}

/** One error handler and one not-found handler, so every non-2xx API answer is `{message, code, details?}`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unexpected error');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL_ERROR });
    }
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'server error');
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.statusCode).send(appError.toJSON());
  });
  // The net under plugins that answer an error themselves as text (e.g. a refused CORS preflight):
  // every error leaves with the API's error shape. HTML pages the server draws itself (the public
  // receipt's not-found page) keep their HTML.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode < 400 || type.startsWith('application/json') || type.startsWith('text/html')) {
      done(null, payload);
      return;
    }
    const { status, body } = errorForStatus(reply.statusCode);
    reply.code(status).type('application/json; charset=utf-8').removeHeader('content-length');
    done(null, JSON.stringify(body));
  });
}

export function apiNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: 'This address does not exist.', code: ErrorCode.NOT_FOUND });
}
