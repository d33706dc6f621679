import type { FastifyServerOptions } from 'fastify';
import PinoPretty from 'pino-pretty';

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * Fastify's logger: one JSON object per line for log collectors, or, in a terminal, readable lines
 * (`auto`: readable when stdout is a TTY). Readable lines print a message's line breaks as they
 * are, so a mailed link printed to the console stands on a line of its own.
 */
export function loggerOptions(level: string, format: LogFormat): NonNullable<FastifyServerOptions['logger']> {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return { level, serializers: { req: requestForLog } };
  return {
    level,
    serializers: { req: requestForLog },
    // Synchronous: lines come out in order and none is lost when the process exits.
    stream: PinoPretty({
      sync: true,
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      // A request's fields on its own line, not one line per field: two lines per request.
      singleLine: true,
    }),
  };
}

/** A customer display's token in a path (`/display/{token}`, page and API): a credential, never logged. */
export function withoutSecrets(url: string): string {
  return url.replace(/(\/display\/)[A-Za-z0-9_-]{43}/g, '$1[token]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request fields in the log, with display tokens taken out of the url. */
function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
