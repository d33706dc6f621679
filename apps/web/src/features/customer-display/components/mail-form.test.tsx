import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../../lib/i18n.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { MailForm } from './mail-form.tsx';

const TOKEN = 'A'.repeat(43);
let answers: Response[];
const fetchSpy = vi.fn((..._args: Parameters<typeof fetch>) => Promise.resolve(answers.shift()!));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(stubLayoutApis);
beforeEach(() => {
  answers = [];
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function send(address: string, keep = false) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: address } });
  if (keep) fireEvent.click(screen.getByLabelText('Keep my address for next time'));
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe("the display's receipt mail form", () => {
  it("posts the address in the display's language to its token's route, and says it was sent", async () => {
    answers.push(json(202, { sent: true }));
    render(<MailForm token={TOKEN} locale="ja-JP" canKeep />);
    send(' ann@example.com ', true);
    expect(await screen.findByText('Sent. Check your inbox in a minute.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`/api/public/display/${TOKEN}/receipt-mail`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', locale: 'ja-JP', keepAddress: true });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers to keep the address only with a customer on the sale, and never sends keepAddress otherwise', async () => {
    answers.push(json(202, { sent: true }));
    render(<MailForm token={TOKEN} locale="en-US" canKeep={false} />);
    expect(screen.queryByLabelText('Keep my address for next time')).toBeNull();
    send('ann@example.com');
    await screen.findByRole('status');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({ email: 'ann@example.com', locale: 'en-US' });
  });

  it('says when too many were sent, when the address is refused, and when sending failed', async () => {
    answers.push(
      json(429, { message: 'Too many requests', code: 'RATE_LIMITED' }),
      json(400, { message: 'Invalid email', code: 'VALIDATION_ERROR' }),
      json(500, { message: 'Internal error', code: 'INTERNAL' }),
    );
    render(<MailForm token={TOKEN} locale="en-US" canKeep={false} />);
    send('ann@example.com');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many receipts were sent just now/);
    send('ann@example');
    expect(await screen.findByText('Please check the address.')).toBeTruthy();
    send('ann@example.com');
    expect(await screen.findByText('The receipt could not be sent. Please ask at the counter.')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
