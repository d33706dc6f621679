import { expect } from 'vitest';
import { plainSaleState, type DisplayPairResponse, type DisplayState } from '@shopdesk/shared';
import type { TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** A sale's state as a counter sends it: one line, no payment yet. */
export function displayState(seq: number, overrides: Partial<DisplayState> = {}): DisplayState {
  const line = { name: 'Green tea', quantity: 2, unit: 'EACH', unitPrice: 250, discount: 0, total: 500 } as const;
  return { ...plainSaleState(seq, [line]), ...overrides };
}

/** Pairs a display with `user`'s store: the answer, and the token from its url. */
export async function pairDisplay(
  t: TestApp,
  user: TestUser,
  name = 'Counter tablet',
): Promise<DisplayPairResponse & { token: string }> {
  const res = await t.request<DisplayPairResponse>('POST', '/api/secure/display/pair', {
    token: user.token,
    headers: { 'x-store': user.store.urlName },
    body: { name },
  });
  expect(res.status, res.text).toBe(201);
  return { ...res.body, token: res.body.url.split('/display/')[1]! };
}

export function putState(t: TestApp, user: TestUser, id: string, state: unknown) {
  return t.request('PUT', `/api/secure/display/pair/${id}/state`, {
    token: user.token,
    headers: { 'x-store': user.store.urlName },
    body: state,
  });
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * A display's event stream read as it comes (fetch streaming): `next()` is the next event (comments,
 * the heartbeats, skipped), or null once the server ended the stream.
 */
export interface EventStream {
  status: number;
  headers: Headers;
  next(): Promise<SseEvent | null>;
  close(): Promise<void>;
}

export async function openEvents(baseUrl: string, token: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/public/display/${token}/events`, {
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    status: res.status,
    headers: res.headers,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n').filter((l) => !l.startsWith(':'));
          if (lines.length === 0) continue;
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          return { event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') };
        }
        const chunk = await reader.read();
        if (chunk.done) return null;
        buffer += chunk.value;
      }
    },
    async close() {
      abort.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
