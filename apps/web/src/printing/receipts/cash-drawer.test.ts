import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPaymentMethodList, settlePayment, type TenderInput } from '@shopdesk/shared';
import { useSession } from '../../lib/session-store.ts';
import { openDrawerAfterSale, shouldOpenDrawer } from './cash-drawer.ts';
import { forgetReceiptPrinter } from './print-receipt.ts';
import { useReceiptPrinterSettings } from './receipt-printer-settings.ts';

/** navigator.bluetooth with one paired-before printer whose writes are recorded; `chooser` counts requestDevice. */
function installBluetooth() {
  const writes: number[][] = [];
  const chooser = { calls: 0 };
  const characteristic = {
    uuid: '00002af1-0000-1000-8000-00805f9b34fb',
    properties: { write: true, writeWithoutResponse: true },
    writeValueWithoutResponse: async (d: Uint8Array) => void writes.push(Array.from(d)),
    writeValueWithResponse: async () => {},
  };
  const server = {
    connected: false,
    connect: async () => ((server.connected = true), server),
    disconnect: () => void (server.connected = false),
    getPrimaryService: async () => ({ getCharacteristics: async () => [characteristic] }),
  };
  const device = { id: 'xp-1', name: 'XP-58', gatt: server };
  Object.defineProperty(navigator, 'bluetooth', {
    configurable: true,
    value: { requestDevice: async () => (chooser.calls++, device), getDevices: async () => [device] },
  });
  return { writes, chooser };
}

/** The tenders of a sale of ¥850 paid with `tenders`, as the counter settles it. */
function paid(tenders: TenderInput[]) {
  const result = settlePayment(850, tenders, {
    mainCurrency: 'JPY',
    secondCurrency: null,
    rate: null,
    cashRounding: 0,
  });
  if (!result.ok) throw new Error(result.refusal.code);
  return result.settlement.tenders;
}

/** A yen store's default methods: cash opens the drawer, the others do not. */
const yen = defaultPaymentMethodList('JPY');

beforeEach(() => {
  forgetReceiptPrinter();
  useReceiptPrinterSettings.getState().update({ paperWidth: 58, chunkSize: 100, qrAsImage: false });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'bluetooth');
});

describe('the cash drawer after a sale', () => {
  it('sends exactly ESC p 0 25 250 to the paired printer after a cash sale, receipt printed or not', async () => {
    const { writes, chooser } = installBluetooth();
    useSession.getState().setXPrinter({ deviceId: 'xp-1', name: 'XP-58' });
    const tenders = paid([{ method: 'CASH', currency: 'JPY', amount: 1000 }]);
    expect(await openDrawerAfterSale(tenders, yen)).toBe('opened');
    expect(writes).toEqual([[0x1b, 0x70, 0x00, 0x19, 0xfa]]);
    expect(chooser.calls).toBe(0);
  });

  it('opens for a split payment with cash in it, not for a card sale', async () => {
    const { writes } = installBluetooth();
    useSession.getState().setXPrinter({ deviceId: 'xp-1', name: 'XP-58' });
    expect(await openDrawerAfterSale(paid([{ method: 'CARD', currency: 'JPY', amount: 850 }]), yen)).toBe('not-needed');
    expect(writes).toEqual([]);
    const split = paid([
      { method: 'CARD', currency: 'JPY', amount: 500 },
      { method: 'CASH', currency: 'JPY', amount: 500 },
    ]);
    expect(shouldOpenDrawer(split, yen)).toBe(true);
    expect(await openDrawerAfterSale(split, yen)).toBe('opened');
    expect(writes.flat()).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });

  it('does nothing, and asks for no printer, when none is paired or there is no Bluetooth', async () => {
    const cash = paid([{ method: 'CASH', currency: 'JPY', amount: 1000 }]);
    expect(await openDrawerAfterSale(cash, yen)).toBe('no-printer');
    const { writes, chooser } = installBluetooth();
    expect(await openDrawerAfterSale(cash, yen)).toBe('no-printer');
    expect(writes).toEqual([]);
    expect(chooser.calls).toBe(0);
  });

  it("follows each method's opensDrawer: a method set to open it does, cash set not to does not", () => {
    const card = yen.find((m) => m.kind === 'CARD')!;
    const cashTender = paid([{ method: 'CASH', currency: 'JPY', amount: 1000 }]);
    const cardTender = paid([{ method: 'CARD', methodId: card.id, currency: 'JPY', amount: 850 }]);
    expect(shouldOpenDrawer(cardTender, yen)).toBe(false);
    const cardOpens = yen.map((m) => (m.id === card.id ? { ...m, opensDrawer: true } : m));
    expect(shouldOpenDrawer(cardTender, cardOpens)).toBe(true);
    const cashStaysShut = yen.map((m) => (m.kind === 'CASH' ? { ...m, opensDrawer: false } : m));
    expect(shouldOpenDrawer(cashTender, cashStaysShut)).toBe(false);
    // No methods known (a server from before named tenders): cash opens it.
    expect(shouldOpenDrawer(cashTender, [])).toBe(true);
    expect(shouldOpenDrawer(cardTender, [])).toBe(false);
  });
});
