import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { runningAtMessage } from './lib/running-at.ts';

const config = loadConfig();
const app = await buildApp(config);

// One Ctrl-C can arrive more than once (from the terminal and forwarded by npm and
// scripts/start.mjs): repeats are ignored, while a second Ctrl-C seconds later forces the exit.
let stoppingSince = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 2000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    app.log.info(`${signal} received, shutting down`);
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info(runningAtMessage(config.appUrl, config.host, port));
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
