import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** The envelope's recipients. */
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** From now on, messages are neither acknowledged nor collected until `release` (the sender waits). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1, port 0, collecting every message (for `SMTP_URL`). */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let open = Promise.resolve();
  let release = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void open.then(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold: () => {
      open = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
