import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useWedgeScanner } from './use-wedge-scanner.ts';
import { WedgeHub } from './wedge-hub.ts';
import { ScanDebouncer } from './scan-debounce.ts';

let clock = 0;
const now = () => clock;
let hub = new WedgeHub({ now });

function Harness({ onScan, onSubmit }: { onScan: (code: string) => void; onSubmit: () => void }) {
  useWedgeScanner(onScan, { hub });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="field" />
      <button type="submit">Go</button>
    </form>
  );
}

/** Dispatches keydowns as a browser would: cancelable, bubbling, at `gapMs` intervals. */
function type(target: EventTarget, keys: string[], gapMs: number) {
  const results: boolean[] = [];
  for (const key of keys) {
    clock += gapMs;
    results.push(target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
  }
  return results;
}

afterEach(() => {
  cleanup();
  hub.close();
  hub = new WedgeHub({ now });
  clock = 0;
});

describe('useWedgeScanner', () => {
  it('takes a fast burst ending in Enter as exactly one scan and keeps the Enter from the page', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn();
    const { getByRole } = render(<Harness onScan={onScan} onSubmit={onSubmit} />);
    const button = getByRole('button');
    button.focus();
    const notCancelled = type(button, [...'4901234567894', 'Enter'], 5);
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('4901234567894');
    expect(notCancelled.at(-1)).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts every burst, even of the same code (no debounce for wedge scans)', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    for (let i = 0; i < 3; i++) {
      type(document.body, [...'ABC123', 'Enter'], 4);
      clock += 300;
    }
    expect(onScan.mock.calls).toEqual([['ABC123'], ['ABC123'], ['ABC123']]);
  });

  it('leaves slow typing alone: no scan, and Enter is not cancelled', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const results = type(document.body, [...'1234', 'Enter'], 200);
    expect(onScan).not.toHaveBeenCalled();
    expect(results.every(Boolean)).toBe(true);
  });

  it('ignores keys typed into an editable field, which handles its own Enter', () => {
    const onScan = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const input = getByLabelText('field');
    input.focus();
    const results = type(input, [...'4901234567894', 'Enter'], 5);
    expect(onScan).not.toHaveBeenCalled();
    expect(results.every(Boolean)).toBe(true);
  });
});

describe('WedgeHub', () => {
  it('takes a burst that arrives before any screen listens, and hands it to the next one', () => {
    hub.attach();
    type(document.body, [...'4901234567894', 'Enter'], 5);
    clock += 500; // the scan screen is still loading
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    expect(onScan.mock.calls).toEqual([['4901234567894']]);
  });

  it('does not hand a stale held scan to a screen opened much later', () => {
    hub.attach();
    type(document.body, [...'ABC123', 'Enter'], 5);
    clock += 10_000;
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('gives each scan to the screen that subscribed last, once', () => {
    const first = vi.fn();
    const second = vi.fn();
    render(<Harness onScan={first} onSubmit={() => {}} />);
    const top = render(<Harness onScan={second} onSubmit={() => {}} />);
    type(document.body, [...'XYZ789', 'Enter'], 5);
    expect(second.mock.calls).toEqual([['XYZ789']]);
    expect(first).not.toHaveBeenCalled();
    top.unmount();
    clock += 300;
    type(document.body, [...'XYZ789', 'Enter'], 5);
    expect(first.mock.calls).toEqual([['XYZ789']]);
  });

  it('keeps a burst whole across a re-render of the listening screen', () => {
    const onScan = vi.fn();
    const view = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    type(document.body, [...'49012'], 5);
    view.rerender(<Harness onScan={(c) => onScan(c)} onSubmit={() => {}} />);
    type(document.body, [...'34567894', 'Enter'], 5);
    expect(onScan.mock.calls).toEqual([['4901234567894']]);
  });
});

describe('ScanDebouncer', () => {
  it('drops repeated camera sightings of a code within 1.5 s, not other codes', () => {
    const d = new ScanDebouncer(1500);
    expect(d.accept('A', 0)).toBe(true);
    expect(d.accept('A', 100)).toBe(false);
    expect(d.accept('B', 200)).toBe(true);
    expect(d.accept('A', 1200)).toBe(false); // still in view: last seen at 100
    expect(d.accept('A', 3000)).toBe(true); // gone for 1.8 s, then seen again
  });
});
