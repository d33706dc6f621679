import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useWedgeScanner } from './use-wedge-scanner.ts';
import { ScanDebouncer } from './scan-debounce.ts';

let clock = 0;
const now = () => clock;

function Harness({ onScan, onSubmit }: { onScan: (code: string) => void; onSubmit: () => void }) {
  useWedgeScanner(onScan, { now });
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
