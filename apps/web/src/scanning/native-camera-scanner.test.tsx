import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../lib/jsdom-stubs.test-support.ts';
import { enterApp, leaveApp } from '../lib/native-platform.test-support.ts';
import { CameraScanner } from './camera-scanner.tsx';

// ML Kit as the apps' bridge answers it: the scanner's calls, and the listener it was given.
const mlKit = vi.hoisted(() => {
  const state = {
    calls: [] as Array<[string, unknown?]>,
    listener: null as ((event: { barcodes: Array<{ rawValue: string }> }) => void) | null,
    permission: 'granted',
  };
  const BarcodeScanner = {
    requestPermissions: async () => ({ camera: state.permission }),
    addListener: async (name: string, listener: typeof state.listener) => {
      state.calls.push(['addListener', name]);
      state.listener = listener;
      return { remove: async () => void state.calls.push(['removeListener']) };
    },
    startScan: async (options: unknown) => void state.calls.push(['startScan', options]),
    stopScan: async () => void state.calls.push(['stopScan']),
  };
  return { state, BarcodeScanner };
});
vi.mock('@capacitor-mlkit/barcode-scanning', () => ({ BarcodeScanner: mlKit.BarcodeScanner }));

beforeAll(stubLayoutApis);
beforeEach(() => {
  Object.assign(mlKit.state, { calls: [], listener: null, permission: 'granted' });
  enterApp('android');
});
afterEach(() => {
  cleanup();
  leaveApp();
});

function show(onScan: (code: string) => void, active = true) {
  const ui = (on: boolean) => (
    <MantineProvider env="test">
      <CameraScanner active={on} onScan={onScan} />
    </MantineProvider>
  );
  const view = render(ui(active));
  return { setActive: (on: boolean) => view.rerender(ui(on)) };
}

describe('CameraScanner inside the apps', () => {
  it('scans with ML Kit, full screen and continuous, for the formats the browsers read', async () => {
    const onScan = vi.fn();
    show(onScan);
    await vi.waitFor(() => expect(mlKit.state.calls.map((c) => c[0])).toContain('startScan'));
    expect(mlKit.state.calls.find((c) => c[0] === 'startScan')![1]).toEqual({
      formats: ['EAN_13', 'EAN_8', 'UPC_A', 'CODE_128', 'QR_CODE'],
    });
    // The page hides behind the native camera preview; only the overlay shows.
    expect(document.body.classList.contains('barcode-scanner-active')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Camera viewfinder' })).toBeTruthy();
    // No browser camera was asked for.
    expect(document.querySelector('video')).toBeNull();

    act(() => mlKit.state.listener!({ barcodes: [{ rawValue: '4006381333931' }] }));
    act(() => mlKit.state.listener!({ barcodes: [{ rawValue: '4006381333931' }] }));
    act(() => mlKit.state.listener!({ barcodes: [{ rawValue: '9780201379624' }] }));
    // The same code seen twice in a row is one scan, as with the browser's camera.
    expect(onScan.mock.calls).toEqual([['4006381333931'], ['9780201379624']]);
    expect(screen.getAllByText('Scanned: 9780201379624').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(mlKit.state.calls.map((c) => c[0])).toContain('stopScan'));
    expect(document.body.classList.contains('barcode-scanner-active')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    // It opens again from the page.
    fireEvent.click(screen.getByRole('button', { name: 'Open the camera' }));
    await vi.waitFor(() => expect(mlKit.state.calls.filter((c) => c[0] === 'startScan')).toHaveLength(2));
  });

  it('stops when the caller turns the camera off', async () => {
    const { setActive } = show(vi.fn());
    await vi.waitFor(() => expect(mlKit.state.calls.map((c) => c[0])).toContain('startScan'));
    setActive(false);
    await vi.waitFor(() => expect(mlKit.state.calls.map((c) => c[0])).toContain('stopScan'));
    expect(document.body.classList.contains('barcode-scanner-active')).toBe(false);
  });

  it('says what to do when the camera permission is refused', async () => {
    mlKit.state.permission = 'denied';
    show(vi.fn());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/Allow the camera for ShopDesk/)).toBeTruthy();
    expect(mlKit.state.calls.map((c) => c[0])).not.toContain('startScan');
  });
});
