import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render } from '@testing-library/react';
import { useWedgeScanner } from './use-wedge-scanner.ts';
import { WedgeHub } from './wedge-hub.ts';
import { ScanDebouncer } from './scan-debounce.ts';

let clock = 0;
const now = () => clock;
let hub = new WedgeHub({ now });

/** A form with a React-controlled field, as the product form has. */
function Harness({
  onScan,
  onSubmit,
  initial = '',
  listen = true,
}: {
  onScan: (code: string) => void;
  onSubmit: (value: string) => void;
  initial?: string;
  listen?: boolean;
}) {
  useWedgeScanner(onScan, { hub, enabled: listen });
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value);
      }}
    >
      <input aria-label="field" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <textarea aria-label="notes" defaultValue="" />
      <button type="submit">Go</button>
    </form>
  );
}

interface KeyOptions {
  repeat?: boolean;
  isComposing?: boolean;
}

/**
 * Presses keys as a browser does, at `gapMs` intervals: a cancelable keydown; unless cancelled, a
 * character is inserted at the caret of a focused text field (with its input event), and Enter in
 * a form's input submits the form.
 */
function type(target: HTMLElement, keys: string[], gapMs: number, options: KeyOptions = {}) {
  const results: boolean[] = [];
  for (const key of keys) {
    clock += gapMs;
    const notCancelled = target.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }),
    );
    results.push(notCancelled);
    if (!notCancelled) continue;
    if (key.length === 1 && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
      const start = target.selectionStart ?? target.value.length;
      const end = target.selectionEnd ?? start;
      const next = target.value.slice(0, start) + key + target.value.slice(end);
      const proto = target instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(target, next);
      target.setSelectionRange(start + 1, start + 1);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (key === 'Enter' && target instanceof HTMLInputElement) target.form?.requestSubmit();
  }
  return results;
}

const chars = (s: string) => [...s];

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
    const notCancelled = type(button, [...chars('4901234567894'), 'Enter'], 5);
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('4901234567894');
    expect(notCancelled.at(-1)).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts every burst, even of the same code (no debounce for wedge scans)', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    for (let i = 0; i < 3; i++) {
      type(document.body, [...chars('ABC123'), 'Enter'], 4);
      clock += 300;
    }
    expect(onScan.mock.calls).toEqual([['ABC123'], ['ABC123'], ['ABC123']]);
  });

  it('leaves slow typing alone: no scan, and Enter is not cancelled', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const results = type(document.body, [...chars('1234'), 'Enter'], 200);
    expect(onScan).not.toHaveBeenCalled();
    expect(results.every(Boolean)).toBe(true);
  });
});

describe('WedgeHub in a focused field', () => {
  it('takes a burst typed into a field out of it again, cancels its Enter and sends the code', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={onSubmit} initial="Green tea" />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(5, 5); // the caret in the middle: "Green| tea"
    const results = type(input, [...chars('8712566328352'), 'Enter'], 5);
    expect(onScan.mock.calls).toEqual([['8712566328352']]);
    expect(results.at(-1)).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.value).toBe('Green tea');
    expect(input.selectionStart).toBe(5);
  });

  it('restores a textarea too, without the newline of the Enter', () => {
    const onScan = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const notes = getByLabelText('notes') as HTMLTextAreaElement;
    notes.focus();
    type(notes, chars('Keep cold'), 150);
    clock += 400;
    type(notes, [...chars('4006381333931'), 'Enter'], 3);
    expect(onScan.mock.calls).toEqual([['4006381333931']]);
    expect(notes.value).toBe('Keep cold');
  });

  it('leaves human typing and its Enter alone, however the person pauses', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={onSubmit} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    // Quick bursts of 2-3 rolled keys, as a fast typist makes, then Enter at human speed.
    type(input, chars('Gr'), 40);
    type(input, chars('een'), 25);
    clock += 120;
    type(input, chars(' tea'), 90);
    const results = type(input, ['Enter'], 180);
    expect(onScan).not.toHaveBeenCalled();
    expect(results).toEqual([true]);
    expect(onSubmit).toHaveBeenCalledWith('Green tea');
  });

  it('does not take a short fast run (3 keys) or a slower-than-scanner run in a field as a scan', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={onSubmit} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    expect(type(input, [...chars('abc'), 'Enter'], 10).at(-1)).toBe(true);
    clock += 1000;
    expect(type(input, [...chars('12345'), 'Enter'], 45).at(-1)).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
    expect(onSubmit.mock.calls).toEqual([['abc'], ['abc12345']]);
  });

  it('takes a burst ending in Tab, and keeps focus where it was', () => {
    const onScan = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    const results = type(input, [...chars('SKU-0042'), 'Tab'], 8);
    expect(onScan.mock.calls).toEqual([['SKU-0042']]);
    expect(results.at(-1)).toBe(false);
    expect(input.value).toBe('');
  });

  it('takes a burst at 30 ms a key (a cheap Bluetooth scanner) with Shift for capitals', () => {
    const onScan = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    type(input, ['Shift', 'A', 'Shift', 'B', ...chars('0001'), 'Enter'], 30);
    expect(onScan.mock.calls).toEqual([['AB0001']]);
    expect(input.value).toBe('');
  });

  it('ignores a held key auto-repeating, even when Enter follows fast; a scanned 0000 still counts', () => {
    const onScan = vi.fn();
    const onSubmit = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={onSubmit} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    type(input, ['0'], 200);
    type(input, chars('000000000'), 30, { repeat: true });
    expect(type(input, ['Enter'], 20)).toEqual([true]);
    expect(onScan).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledWith('0000000000');
    clock += 1000;
    type(input, [...chars('20000000'), 'Enter'], 5);
    expect(onScan.mock.calls).toEqual([['20000000']]);
    expect(input.value).toBe('0000000000');
  });

  it('leaves IME composition alone', () => {
    const onScan = vi.fn();
    const { getByLabelText } = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    const results = type(input, [...chars('kaki'), 'Enter'], 5, { isComposing: true });
    expect(onScan).not.toHaveBeenCalled();
    expect(results.every(Boolean)).toBe(true);
  });

  it('with no screen listening, lets every key through as typed', () => {
    const onSubmit = vi.fn();
    const { getByLabelText } = render(<Harness onScan={() => {}} onSubmit={onSubmit} listen={false} />);
    hub.attach();
    const input = getByLabelText('field') as HTMLInputElement;
    input.focus();
    const results = type(input, [...chars('4901234567894'), 'Enter'], 5);
    expect(results.every(Boolean)).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith('4901234567894');
  });
});

describe('WedgeHub', () => {
  it('never hands a scan made with no screen listening to a screen opened afterwards', () => {
    hub.attach();
    type(document.body, [...chars('4901234567894'), 'Enter'], 5);
    clock += 500; // the scan screen is still loading
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('takes a burst whole when the screen starts listening halfway through it', () => {
    hub.attach();
    type(document.body, chars('490123'), 5);
    const onScan = vi.fn();
    render(<Harness onScan={onScan} onSubmit={() => {}} />);
    type(document.body, [...chars('4567894'), 'Enter'], 5);
    expect(onScan.mock.calls).toEqual([['4901234567894']]);
  });

  it('gives each scan to the screen that subscribed last, once', () => {
    const first = vi.fn();
    const second = vi.fn();
    render(<Harness onScan={first} onSubmit={() => {}} />);
    const top = render(<Harness onScan={second} onSubmit={() => {}} />);
    type(document.body, [...chars('XYZ789'), 'Enter'], 5);
    expect(second.mock.calls).toEqual([['XYZ789']]);
    expect(first).not.toHaveBeenCalled();
    top.unmount();
    clock += 300;
    type(document.body, [...chars('XYZ789'), 'Enter'], 5);
    expect(first.mock.calls).toEqual([['XYZ789']]);
  });

  it('keeps a burst whole across a re-render of the listening screen', () => {
    const onScan = vi.fn();
    const view = render(<Harness onScan={onScan} onSubmit={() => {}} />);
    type(document.body, chars('49012'), 5);
    view.rerender(<Harness onScan={(c) => onScan(c)} onSubmit={() => {}} />);
    type(document.body, [...chars('34567894'), 'Enter'], 5);
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
