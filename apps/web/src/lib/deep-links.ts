import { CARGO_RECEIVE_PATH, parseCargoQrLink } from '@shopdesk/shared';

/** The apps' own URL scheme (Android intent filter, iOS CFBundleURLTypes in apps/mobile). */
export const APP_SCHEME = 'shopdesk';

/**
 * The page of the app a link opened in the apps shows, or null for links it does not handle:
 * a receipt (`/receipt/{code}`) and a cargo hand-over QR (`/cargo/receive/{token}`, any form
 * parseCargoQrLink takes), whether the link is the server's https address (App Links) or
 * `shopdesk://receipt/{code}` (where the URL parser sees `receipt` as the host).
 */
export function appPathOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const path =
    url.protocol === `${APP_SCHEME}:` ? `/${url.host}${url.pathname}` : url.protocol === 'https:' ? url.pathname : null;
  if (path === null) return null;
  const receipt = /^\/receipt\/([^/?#]+)\/?$/.exec(path);
  if (receipt?.[1]) return `/receipt/${receipt[1]}`;
  const token = parseCargoQrLink(`${path}${url.search}`);
  return token ? `${CARGO_RECEIVE_PATH}${token}` : null;
}
