import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_EVENTS } from '@shopdesk/shared';
import type { DisplayHub, DisplaySink } from './display-hub.ts';
import type { LivePairing } from './display.repo.ts';

/** A display that reads slower than states come is cut off past this much unsent text (it reconnects). */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * Opens the Server-Sent Events stream of a pairing (display.ts, DISPLAY_EVENTS) on `reply`. The
 * reply is hijacked: written to the socket as each event comes, so neither compression (which holds
 * bytes back until its block fills), nor the error handler, nor any other onSend hook touches it;
 * the headers set so far (security headers, CORS) are kept. `X-Accel-Buffering: no` asks a proxy in
 * front (nginx) not to hold events back either.
 *
 * The stream is registered before the first state is read, so a state sent meanwhile is not lost:
 * the first event is the newest state (or null), then one per newer state.
 */
export async function openStream(
  hub: DisplayHub,
  request: FastifyRequest,
  reply: FastifyReply,
  pairing: LivePairing,
  readNewest: () => Promise<LivePairing | undefined>,
): Promise<void> {
  const raw = reply.raw;
  let open = true;
  let sentAny = false;
  const write = (text: string) => {
    if (!open) return;
    raw.write(text);
    if (raw.writableLength > MAX_BUFFERED_BYTES) end();
  };
  const end = () => {
    if (!open) return;
    open = false;
    hub.remove(sink);
    raw.end();
  };
  const sink: DisplaySink = {
    storeId: pairing.store_id,
    pairingId: pairing.id,
    lastSeq: -1,
    state(json, seq) {
      sink.lastSeq = seq;
      sentAny = true;
      write(`event: ${DISPLAY_EVENTS.state}\ndata: ${json}\n\n`);
    },
    heartbeat: () => write(': heartbeat\n\n'),
    revoked() {
      write(`event: ${DISPLAY_EVENTS.revoked}\ndata: null\n\n`);
      end();
    },
    end,
  };
  await hub.add(sink);
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.flushHeaders();
  request.raw.socket.setNoDelay(true);
  raw.on('close', end);
  raw.on('error', end);
  try {
    const newest = await readNewest();
    if (!newest) return sink.revoked();
    if (newest.state_json !== null && Number(newest.state_seq) > sink.lastSeq) {
      sink.state(newest.state_json, Number(newest.state_seq));
    } else if (!sentAny) write(`event: ${DISPLAY_EVENTS.state}\ndata: null\n\n`);
  } catch (error) {
    request.log.warn({ err: error }, 'display: reading the first state failed');
    end();
  }
}
