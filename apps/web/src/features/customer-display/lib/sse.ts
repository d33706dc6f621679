/** One Server-Sent Event: its name (`message` when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream chunk by chunk (the parts the display uses: `event:`, `data:`, comments,
 * blank lines that end an event). The display reads the stream itself rather than through
 * EventSource, which never tells the page of a comment: the server's heartbeats are comments, and
 * the display must know the stream is alive between states.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** The events that `chunk` completes. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    const out: SseEvent[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length) out.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return out;
  }
}
