/**
 * The route of one of a store's files (a product photo, the receipt logo, a profile picture):
 * `GET` reads it with the session (an `<img src>` cannot send the token, so callers fetch a blob),
 * `PUT` stores it, `DELETE` removes it.
 */
export function fileDataPath(store: string, id: string): string {
  return `/api/secure/file/data/${encodeURIComponent(store)}/${encodeURIComponent(id)}`;
}
