import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { signUpConfirmed } from '../support/pages.ts';

/**
 * The receipt printer settings in a real Chromium: a fake BLE printer (navigator.bluetooth
 * replaced before the app loads) receives the test page, so the chunking, the canvas drawing of
 * the Japanese line and the lazy encoder are all checked in the browser that runs them.
 */

const SHOTS = process.env.ESC_POS_SHOTS_DIR;

/** A stand-in for navigator.bluetooth: one xPrinter-like device that records every write. */
function fakeBluetooth() {
  const writes: number[][] = [];
  (window as unknown as { __writes: number[][] }).__writes = writes;
  const characteristic = {
    uuid: '00002af1-0000-1000-8000-00805f9b34fb',
    properties: { write: true, writeWithoutResponse: true },
    writeValueWithoutResponse: async (d: Uint8Array) => void writes.push(Array.from(d)),
    writeValueWithResponse: async (d: Uint8Array) => void writes.push(Array.from(d)),
  };
  const server = {
    connected: false,
    async connect() {
      server.connected = true;
      return server;
    },
    disconnect() {
      server.connected = false;
    },
    async getPrimaryService(uuid: string) {
      if (uuid !== '000018f0-0000-1000-8000-00805f9b34fb') throw new DOMException('No service', 'NotFoundError');
      return { getCharacteristics: async () => [characteristic] };
    },
  };
  const device = { id: 'fake-xp-58', name: 'XP-P323B', gatt: server };
  Object.defineProperty(navigator, 'bluetooth', {
    configurable: true,
    value: { requestDevice: async () => device, getDevices: async () => [device] },
  });
}

/** GS v 0 raster images in the bytes, stacked into one black-on-white grayscale PNG. */
function rasterPng(bytes: number[]): Buffer | null {
  const rows: number[][] = [];
  let width = 0;
  for (let at = 0; at + 8 <= bytes.length; at++) {
    if (bytes[at] !== 0x1d || bytes[at + 1] !== 0x76 || bytes[at + 2] !== 0x30) continue;
    const rowBytes = bytes[at + 4]! | (bytes[at + 5]! << 8);
    const height = bytes[at + 6]! | (bytes[at + 7]! << 8);
    width = rowBytes * 8;
    for (let y = 0; y < height; y++) {
      const row: number[] = [0];
      for (let x = 0; x < width; x++)
        row.push((bytes[at + 8 + y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255);
      rows.push(row);
    }
    for (let i = 0; i < 8; i++) rows.push([0, ...Array<number>(width).fill(255)]);
    at += 8 + rowBytes * height - 1;
  }
  if (!rows.length) return null;
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows.length, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const writesOf = (page: Page) => page.evaluate(() => (window as unknown as { __writes: number[][] }).__writes);

test('receipt printer: pair, choose the roll and chunk size, print the test page over Bluetooth', async ({ page }) => {
  await page.addInitScript(fakeBluetooth);
  const owner = await signUpConfirmed(page, 'escpos');
  await page.goto(`/${owner.urlName}/profile/printers`);
  const section = page.getByRole('heading', { name: 'Receipt printer' });
  await expect(section).toBeVisible();
  // The encoder is not loaded until something is printed.
  const loaded = () =>
    page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('encode-receipt')));
  expect(await loaded()).toBe(false);

  await page.getByRole('button', { name: 'Pair a receipt printer' }).click();
  await expect(page.getByText('XP-P323B is paired.')).toBeVisible();
  await page.getByText('80 mm', { exact: true }).click();
  const chunk = page.getByLabel('Bytes per Bluetooth write');
  await expect(chunk).toHaveValue('100 bytes');
  await chunk.fill('60');
  await chunk.blur();
  if (SHOTS) {
    await expect(page.getByText('XP-P323B is paired.')).toBeHidden({ timeout: 15_000 });
    await section.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -80);
    await page.screenshot({ path: `${SHOTS}/printers-phone.png` });
    await page.mouse.wheel(0, 500);
    await page.screenshot({ path: `${SHOTS}/printers-phone-2.png` });
  }

  await page.getByRole('button', { name: 'Print a test page' }).click();
  await expect(page.getByText('The test page was sent to XP-P323B.')).toBeVisible();
  expect(await loaded()).toBe(true);

  const writes = await writesOf(page);
  expect(writes.length).toBeGreaterThan(10);
  expect(writes.every((w) => w.length <= 60)).toBe(true);
  const bytes = writes.flat();
  expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40]);
  // Feed past the tear bar, then a partial cut (GS V 1).
  expect(bytes.slice(-8)).toEqual([0x0a, 0x0a, 0x0a, 0x0a, 0x1d, 0x56, 0x01, 0x0a]);
  const text = Buffer.from(bytes).toString('latin1');
  expect(text).toContain('Caf\x82 cr\x8ame'); // Latin through CP437
  // The Japanese lines are drawn by the browser's canvas at 576 dots (80 mm): 72 bytes a row.
  expect(text).toContain('\x1dv0\x00\x48\x00');
  expect(Buffer.from(bytes).includes(Buffer.from('ありがとう', 'utf8'))).toBe(false);
  // The QR goes as the printer's own QR command.
  expect(text).toContain(`1P0${new URL(page.url()).origin}/`);
  const png = rasterPng(bytes);
  expect(png).not.toBeNull();
  if (SHOTS && png) writeFileSync(`${SHOTS}/printed-raster-lines.png`, png);

  // For printers without a QR command, the QR goes as an image drawn in the browser; zbar reads
  // it back from the very bytes the printer got.
  await page.getByRole('switch', { name: 'Print the QR code as an image' }).check();
  await page.evaluate(() => (window as unknown as { __writes: number[][] }).__writes.splice(0));
  await page.getByRole('button', { name: 'Print a test page' }).click();
  // Done when the cut has arrived (the first print's notice may still be showing).
  await expect
    .poll(async () => (await writesOf(page)).flat().slice(-4), { timeout: 30_000 })
    .toEqual([0x1d, 0x56, 0x01, 0x0a]);
  const withQrImage = (await writesOf(page)).flat();
  expect(Buffer.from(withQrImage).includes(Buffer.from('\x1d(k', 'latin1'))).toBe(false);
  const qrPng = rasterPng(withQrImage)!;
  const qrFile = path.join(mkdtempSync(path.join(tmpdir(), 'escpos-e2e-')), 'test-page-raster.png');
  writeFileSync(qrFile, qrPng);
  if (SHOTS) writeFileSync(`${SHOTS}/printed-raster-with-qr.png`, qrPng);
  const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', qrFile], {
    encoding: 'utf8',
  });
  expect(decoded.trim()).toBe(`${new URL(page.url()).origin}/`);

  // The paired printer and the settings survive a reload.
  await page.reload();
  await expect(page.getByText('XP-P323B', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: '80 mm' })).toBeChecked();
  await expect(page.getByLabel('Bytes per Bluetooth write')).toHaveValue('60 bytes');
  // The section passes axe with everything shown (serious and critical, as the app-wide sweep).
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/printers-desktop.png`, fullPage: true });
    // The same screen in Japanese.
    await page.evaluate(() => {
      const raw = JSON.parse(localStorage.getItem('shopdesk-session')!);
      raw.state.userLocale = 'ja-JP';
      localStorage.setItem('shopdesk-session', JSON.stringify(raw));
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'レシートプリンター' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/printers-desktop-ja.png`, fullPage: true });
  }
});

test('receipt printer: without Web Bluetooth it says so and the test page goes to the print dialog', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'bluetooth', { configurable: true, value: undefined });
    // The dialog itself cannot be driven: every frame (the print frame too) records what it would print.
    const top = window.top as unknown as { __printed?: string[] };
    top.__printed ??= [];
    window.print = () => void top.__printed!.push(document.documentElement.outerHTML);
  });
  const owner = await signUpConfirmed(page, 'escposnobt');
  await page.goto(`/${owner.urlName}/profile/printers`);
  await expect(page.getByText('No Bluetooth printing in this browser')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pair a receipt printer' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Print a test page' })).toBeDisabled();
  if (SHOTS) {
    await page.getByRole('heading', { name: 'Receipt printer' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/printers-phone-no-bluetooth.png` });
  }

  await page.getByRole('button', { name: 'Test page in the print dialog' }).click();
  const printed = () => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed);
  await expect.poll(async () => (await printed()).length).toBe(1);
  const [html] = await printed();
  // The shared receipt renderer at the roll's width, the page sized to the roll, the QR drawn.
  expect(html).toContain('<title>Test page</title>');
  expect(html).toContain('class="receipt" data-paper="58"');
  expect(html).toContain('@page{size:58mm auto');
  expect(html).toContain('ありがとうございました');
  expect(html).toMatch(/<div class="r-qr"[^>]*><svg/);
});
