import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { RULES_PATIENCE_MS, useRulesReading } from './use-rules-reading.ts';

afterEach(() => vi.useRealTimers());

describe('useRulesReading', () => {
  it('holds scans while the first read of the rules is on its way, then lets them go', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ fetching }) => useRulesReading(fetching), {
      initialProps: { fetching: true },
    });
    expect(result.current).toBe(true);
    rerender({ fetching: false }); // the rules came
    expect(result.current).toBe(false);
  });

  it('never holds a scan for a read that is paused offline or already cached', () => {
    const { result } = renderHook(() => useRulesReading(false));
    expect(result.current).toBe(false);
  });

  it('stops holding once the counter has waited long enough on a slow network', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRulesReading(true));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(RULES_PATIENCE_MS));
    expect(result.current).toBe(false);
  });
});
