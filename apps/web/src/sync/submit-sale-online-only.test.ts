import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import { freshDevice, json, logIn, saleBody, transaction, type fakeServer } from './sale-queue.test-support.ts';

let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  server = await freshDevice();
  logIn('u1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

// A sale that sells or spends a gift card (issue 43) is the server's to take now or not at all.
describe('submitSale, online only', () => {
  it('offline: refuses at once and queues nothing', async () => {
    onlineManager.setOnline(false);
    const result = await submitSale('my-shop', { kind: 'create', body: saleBody() }, { onlineOnly: true });
    expect(result).toEqual({ kind: 'needsConnection', why: 'offline' });
    expect(server.fetchMock).not.toHaveBeenCalled();
    expect(await listSales()).toEqual([]);
  });

  it('unanswered: takes it out of the queue instead of leaving it to the loop', async () => {
    server.answers.push('network-error');
    const result = await submitSale('my-shop', { kind: 'create', body: saleBody() }, { onlineOnly: true });
    expect(result).toEqual({ kind: 'needsConnection', why: 'noAnswer' });
    expect(await listSales()).toEqual([]);
  });

  it('goes ahead of older sales waiting in the queue, and answers the stored sale', async () => {
    onlineManager.setOnline(false);
    const older = saleBody();
    expect(await submitSale('my-shop', { kind: 'create', body: older })).toEqual({ kind: 'queued' });
    onlineManager.setOnline(true);
    const body = saleBody();
    server.answers.push(() => json(201, transaction(body.clientId)));
    const result = await submitSale('my-shop', { kind: 'create', body }, { onlineOnly: true });
    expect(result).toMatchObject({ kind: 'stored', sale: { clientId: body.clientId } });
    expect((await listSales()).map((e) => e.clientId)).toEqual([older.clientId]);
  });
});
