/**
 * The text shown for a failed call (original.md §8): empty for 401 (the session-expired toast
 * speaks instead); else the body if it is a non-empty string; else the body's message; else the
 * status text; else the status code.
 */
export function errorText(status: number, statusText: string | undefined, body: unknown): string {
  if (status === 401) return '';
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (statusText && statusText.trim() !== '') return statusText;
  return String(status);
}
