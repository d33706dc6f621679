import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiRequestError, NetworkError } from '../lib/api-error.ts';
import { installConnectivity, OfflineError, reportUnreachable } from '../lib/connectivity.ts';
import { queryClient, shouldRetry } from './query-client.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('offline behaviour of the query client', () => {
  it('retries network failures and 5xx, never a 4xx', () => {
    expect(shouldRetry(0, new ApiRequestError(500, 'Server Error', ''))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(500, 'Server Error', ''))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(404, 'Not Found', ''))).toBe(false);
  });

  it('a call without an answer marks the app offline, so queries pause with their data', () => {
    expect(onlineManager.isOnline()).toBe(true);
    expect(shouldRetry(0, new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('refuses a write while offline without sending it', async () => {
    onlineManager.setOnline(false);
    const mutationFn = vi.fn(() => Promise.resolve('saved'));
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(OfflineError);
    expect(mutationFn).not.toHaveBeenCalled();
  });

  it('sends a write while online', async () => {
    const mutationFn = vi.fn(() => Promise.resolve('saved'));
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn });
    await expect(mutation.execute(undefined)).resolves.toBe('saved');
  });
});

describe('connectivity', () => {
  it('follows the browser’s online and offline events', () => {
    installConnectivity();
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('after an unanswered call, a health probe that succeeds brings the app back online', async () => {
    vi.useFakeTimers();
    installConnectivity();
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ ok: true });
    vi.stubGlobal('fetch', fetch);
    reportUnreachable();
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
