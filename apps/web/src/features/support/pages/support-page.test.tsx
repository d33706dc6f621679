import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { MemoryRouter } from '../../../lib/router/index.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import SupportPage from './support-page.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: GET says where requests go; POST stores one (mailed when there is an address). */
function stubServer(supportEmail: string | null) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return json({ supportEmail });
      posted.push(JSON.parse(String(init?.body)));
      return json(
        {
          id: 'r1',
          subject: 'Printer',
          replyTo: 'me@shop.test',
          mailedTo: supportEmail,
          createdAt: '2026-11-27T00:00:00Z',
        },
        201,
      );
    }),
  );
  return posted;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <SupportPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

async function send() {
  fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Printer' } });
  fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'The receipt is blank.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByTestId('support-sent');
}

describe('support page: where the request goes', () => {
  it('says before sending that, without a support address, the request is stored for the administrator', async () => {
    const posted = stubServer(null);
    renderPage();
    expect((await screen.findByTestId('support-destination')).textContent).toMatch(
      /no support mail address.*stored for the administrator/,
    );
    await send();
    expect(posted).toEqual([{ subject: 'Printer', message: 'The receipt is blank.' }]);
    expect(screen.getByText(/stored for the administrator of this installation\. No mail is sent\./)).toBeTruthy();
    expect(screen.queryByText(/A copy of your message/)).toBeNull();
  });

  it('names the support address before sending when the server has one', async () => {
    stubServer('help@shop.test');
    renderPage();
    expect((await screen.findByTestId('support-destination')).textContent).toContain('sent by mail to help@shop.test');
    await send();
    expect(screen.getByText(/A copy of your message is on its way/)).toBeTruthy();
  });
});
