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
  if (!pretty) return { level };
  return {
    level,
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
