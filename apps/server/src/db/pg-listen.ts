import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from './types.ts';

/**
 * A PostgreSQL channel name of this database's schema: notifications are database-wide, so apps on
 * different schemas of one database (the tests' copies) must not hear each other.
 */
export function channelName(base: string, schema: string | undefined): string {
  if (!schema) return base;
  return `${base}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/** NOTIFY on `channel` (sent when the transaction it runs in commits). */
export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** The listening connections' application_name (pg_stat_activity), so they can be told apart. */
export const LISTENER_NAME = 'shopdesk-listen';

export interface Listener {
  /** Settles once the first LISTEN is in place (or failed; it is then retried). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN on `channel` on a connection of its own (a pooled one would be handed to queries), for as
 * long as the app runs: when the connection drops it is made again after a short pause, and
 * `onReconnect` runs (notifications sent meanwhile are lost, so the caller re-reads what it holds).
 */
export function listen(
  url: string,
  channel: string,
  log: FastifyBaseLogger,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let first = true;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = c;
    const lost = (error?: unknown) => {
      if (client !== c) return;
      client = undefined;
      c.removeAllListeners();
      c.end().catch(() => {});
      if (closed) return;
      log.warn({ err: error }, 'display listener lost its connection; reconnecting');
      retry = setTimeout(() => void connect(), 500);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (!first) onReconnect();
      first = false;
    } catch (error) {
      lost(error);
    }
  };
  const ready = connect();

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
