import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@shopdesk/shared';
import { DAY } from '../../lib/clock.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, startTestApp, useTestApp } from '../../test/harness.ts';
import { runScript } from '../../test/server-process.ts';
import { ecbXml } from './ecb-feed.test.ts';

describe.each(engines)('exchange rates on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let feed: Server;
  let feedXml = '';
  let feedUrl = '';
  beforeAll(async () => {
    u = await createUser(t); // USD main, JPY second
    feed = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(feedXml));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/eurofxref-daily.xml`;
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

  const pub = (path: string) => t.request('GET', `/api/public/exchange-rate/${path}`);
  /** `npm run rates:import` as a process of its own on the app's database. */
  const ratesImport = (file: string) => runScript(['src/rates-import.ts', file], t.databaseEnv);
  const storeRate = (user: TestUser) =>
    t.request('GET', `/api/secure/virtual-store/${user.store.urlName}/exchange-rate`, { token: user.token });
  const setManual = (user: TestUser, rate: unknown) =>
    t.request('PUT', `/api/secure/virtual-store/${user.store.urlName}/exchange-rate`, {
      token: user.token,
      body: { rate },
    });

  it('a new install has a dated rate for every pair of the 28 currencies', async () => {
    for (const base of CURRENCY_CODES) {
      for (const quote of CURRENCY_CODES) {
        const res = await pub(`${base}/${quote}`);
        expect(res.status, `${base}/${quote} ${res.text}`).toBe(200);
        expect(Number(res.body.rate)).toBeGreaterThan(0);
        if (base !== quote) expect(res.body).toMatchObject({ date: '2025-10-31', source: 'SNAPSHOT' });
      }
    }
    expect((await pub('EUR/USD')).body).toEqual({
      base: 'EUR',
      quote: 'USD',
      rate: '1.1554',
      date: '2025-10-31',
      source: 'SNAPSHOT',
    });
    // Pegs hold exactly, whatever the anchor's rate.
    expect((await pub('USD/AED')).body.rate).toBe('3.6725');
    expect((await pub('HKD/MOP')).body.rate).toBe('1.03');
  });

  it('answers 404 before the first rate and 400 for a date or currency that does not exist', async () => {
    expect((await pub('USD/JPY/2020-01-01')).status).toBe(404);
    const badDate = await pub('USD/JPY/2026-02-30');
    expect(badDate.status).toBe(400);
    expect(badDate.body.code).toBe('VALIDATION_ERROR');
    expect((await pub('USD/XYZ')).status).toBe(400);
  });

  it('imports the ECB feed when RATES_FEED_URL is set: pegs follow USD, floating non-ECB currencies keep their date', async () => {
    feedXml = ecbXml({
      '2026-11-19': { USD: '1.0500', JPY: '160.00', HKD: '8.2000' },
      '2026-11-20': { USD: '1.0541', JPY: '163.45', HKD: '8.2010' },
    });
    // A second app process on the same database, with the feed configured.
    const withFeed = await startTestApp(engine, { ...t.databaseEnv, RATES_FEED_URL: feedUrl });
    try {
      let res = await pub('USD/JPY');
      for (let i = 0; i < 100 && res.body.source !== 'ECB'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        res = await pub('USD/JPY');
      }
      expect(res.body).toEqual({
        base: 'USD',
        quote: 'JPY',
        rate: '155.061189640452',
        date: '2026-11-20',
        source: 'ECB',
      });
    } finally {
      await withFeed.close();
    }
    expect((await pub('USD/JPY/2026-11-19')).body).toMatchObject({ rate: '152.380952380952', date: '2026-11-19' });
    expect((await pub('EUR/AED')).body).toMatchObject({ rate: '3.87118225', date: '2026-11-20', source: 'PEG' });
    expect((await pub('EUR/MOP')).body).toMatchObject({ rate: '8.44703', source: 'PEG' });
    // KWD floats and is not published: its snapshot date shows through the cross rate.
    expect((await pub('USD/KWD')).body).toMatchObject({ date: '2025-10-31', source: 'ECB+SNAPSHOT' });
  });

  it('npm run rates:import reads a downloaded file into the same database', async () => {
    const file = join(t.dataDir, 'eurofxref-hist-90d.xml');
    writeFileSync(file, ecbXml({ '2026-11-23': { USD: '1.06', GBP: '0.83' } }));
    const run = await ratesImport(file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Imported \d+ exchange rates for 1 day/);
    const bad = await ratesImport(join(t.dataDir, 'missing.xml'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Could not import the rates/);
  });

  it('the imported file is what the public endpoint answers next', async () => {
    expect((await pub('USD/GBP')).body).toMatchObject({ date: '2026-11-23', source: 'ECB', rate: '0.783018867925' });
  });

  it("a store's rate: the latest imported, a manual rate that wins, stale after 7 days", async () => {
    let res = await storeRate(u);
    expect(res.status, res.text).toBe(200);
    expect(res.body.manual).toBeNull();
    expect(res.body.effective).toEqual(res.body.latest);
    expect(res.body.effective).toMatchObject({ base: 'USD', quote: 'JPY' });

    res = await setManual(u, '0151.500');
    expect(res.status, res.text).toBe(200);
    expect(res.body.effective).toMatchObject({ base: 'USD', quote: 'JPY', rate: '151.5', source: 'MANUAL' });
    expect(res.body.latest.source).not.toBe('MANUAL');
    expect(res.body.stale).toBe(false);

    t.clock.advance(8 * DAY);
    expect((await storeRate(u)).body.stale).toBe(true);
    t.clock.advance(-8 * DAY);

    res = await setManual(u, null);
    expect(res.body.manual).toBeNull();
    expect(res.body.effective).toEqual(res.body.latest);
  });

  it('refuses a rate that is not a positive decimal, and a store without a second currency', async () => {
    for (const rate of ['1e3', '0', '0.000', '-1', '12,5', 150, '']) {
      const res = await setManual(u, rate);
      expect(res.status, `${String(rate)}: ${res.text}`).toBe(400);
      expect(res.body.details?.[0]?.field).toBe('rate');
    }
    const single = await createUser(t, { secondCurrency: null });
    const res = await setManual(single, '1.5');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no second currency/);
    expect((await storeRate(single)).body).toEqual({ effective: null, manual: null, latest: null, stale: false });
  });

  it("another user's store is not found", async () => {
    const other = await createUser(t);
    const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, {
      token: other.token,
      body: { rate: '1' },
    });
    expect(res.status).toBe(404);
    expect((await storeRate(u)).body.manual).toBeNull();
  });
});
