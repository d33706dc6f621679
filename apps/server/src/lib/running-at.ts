/** The address to open in a browser on this machine: a wildcard host means localhost. */
export function localUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * The start-up line. It names APP_URL, the address people and mail links use, whenever that is not
 * this machine's own address (never localhost behind a public APP_URL), with the local address
 * beside it for the person at the server.
 */
export function runningAtMessage(appUrl: string, host: string, port: number): string {
  const local = localUrl(host, port);
  return appUrl.replace(/\/+$/, '') === local
    ? `ShopDesk is running at ${local}`
    : `ShopDesk is running at ${appUrl} (on this machine: ${local})`;
}
