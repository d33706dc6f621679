import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** What zbarimg reads from a PNG file (`-S` options narrow it to one symbology); its D-Bus chatter is dropped. */
export function decode(file: string, ...options: string[]): string {
  return execFileSync('zbarimg', ['--quiet', '--raw', ...options, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/** A canvas's pixels as a PNG file, for zbarimg. */
export async function canvasPng(canvas: Locator): Promise<string> {
  const png = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'canvas-')), 'canvas.png');
  writeFileSync(file, Buffer.from(png.split(',')[1]!, 'base64'));
  return file;
}

/** The customers list screen (/{store}/shop/customers), as a person uses it. */
export class CustomerList {
  constructor(
    readonly page: Page,
    readonly store: string,
  ) {}

  async open() {
    await this.page.goto(`/${this.store}/shop/customers`);
    await expect(this.page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  }

  search(text: string) {
    return this.page.getByRole('searchbox', { name: 'Search customers' }).fill(text);
  }

  /** The row of a customer (a table row on a desktop, a list item on a phone). */
  row(name: string) {
    return this.page.getByTestId('customer-row').filter({ hasText: name });
  }

  count() {
    return this.page.getByText(/^\d+ customers?$/);
  }

  async csvAction(name: 'Export CSV' | 'Import CSV') {
    await this.page.getByRole('button', { name: 'CSV', exact: true }).click();
    await this.page.getByRole('menuitem', { name }).click();
  }
}

/** The new / edit customer form. */
export class CustomerForm {
  constructor(readonly page: Page) {}

  async fill(fields: { name?: string; kana?: string; phone?: string; email?: string; note?: string }) {
    const p = this.page;
    if (fields.name !== undefined) await p.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.kana !== undefined) await p.getByLabel('Furigana', { exact: true }).fill(fields.kana);
    if (fields.phone !== undefined) await p.getByLabel('Phone', { exact: true }).fill(fields.phone);
    if (fields.email !== undefined) await p.getByLabel('Email', { exact: true }).fill(fields.email);
    if (fields.note !== undefined) await p.getByLabel('Note', { exact: true }).fill(fields.note);
  }
}

/** One customer's page. */
export class CustomerPage {
  constructor(readonly page: Page) {}

  heading(name: string) {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  async memberCode(): Promise<string> {
    const code = (await this.page.getByTestId('member-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^M\d{10}$/);
    return code;
  }

  /** What a phone's camera reads from the member QR on screen. */
  async qrText(): Promise<string> {
    const qr = this.page.getByTestId('member-qr');
    await expect(qr).toBeVisible();
    await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'member-qr-')), 'qr.png');
    await qr.screenshot({ path: file });
    return decode(file, '-Sdisable', '-Sqrcode.enable');
  }
}
