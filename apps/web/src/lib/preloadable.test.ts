import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.ts';

describe('preloadable', () => {
  it('loads once, however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const get = preloadable(load);
    expect(load).not.toHaveBeenCalled();
    expect(get.value).toBeUndefined();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    expect(get.value).toBe(a);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const get = preloadable(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
