import { until } from './app';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: any;
}

/** A Server-Sent Events reader over fetch: the text/event-stream format's fields, events and comments. */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** The error body of a refused request. */
  body: any;

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const reader = await SseReader.request(url, headers);
    if (reader.status !== 200) throw new Error(`stream answered ${reader.status}`);
    return reader;
  }

  /** The response whatever its status; a 200 is read as a stream. */
  static async request(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const abort = new AbortController();
    const res = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    const reader = new SseReader(res.status, res.headers, abort);
    if (res.status !== 200) {
      reader.body = await res.json();
      return reader;
    }
    void reader.consume(res.body!);
    return reader;
  }

  private async consume(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let fields: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: RegExpExecArray | null;
        while ((newline = /\r\n|\r|\n/.exec(buffer))) {
          const line = buffer.slice(0, newline.index);
          buffer = buffer.slice(newline.index + newline[0].length);
          if (line === '') {
            if (fields.data.length)
              this.events.push({
                id: fields.id,
                // What an EventSource dispatches: an event without an `event:` field is a "message".
                event: fields.event ?? 'message',
                data: JSON.parse(fields.data.join('\n')),
              });
            fields = { data: [] };
          } else if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'data') fields.data.push(value);
            else if (name === 'id') fields.id = value;
            else if (name === 'event') fields.event = value;
          }
        }
      }
    } catch {
      /* aborted by close() */
    }
  }

  next(match: (e: SseEvent) => boolean, what = 'an event'): Promise<SseEvent> {
    return until(what, () => this.events.find(match));
  }

  close(): void {
    this.abort.abort();
  }
}
