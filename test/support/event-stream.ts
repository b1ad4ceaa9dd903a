/**
 * A client of `GET /me/events` for tests: the real stream over HTTP, parsed by the same
 * Server-Sent Events parser the console uses, with waits for what should arrive.
 */
import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order. */
  readonly events: EventSourceMessage[];
  /** Comment lines received so far (`connected`, `heartbeat`). */
  readonly comments: string[];
  /** The body of a refused request (status other than 200), as JSON. */
  body?: unknown;
  /** Resolves with the first event received (or already there) that `matches`; rejects after `ms`. */
  next(matches: (event: EventSourceMessage) => boolean, ms?: number): Promise<EventSourceMessage>;
  /** Resolves once the server ended the stream; rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  close(): void;
}

export interface OpenOptions {
  lastEventId?: string;
  /** Sent as Accept-Encoding (a browser's gzip, say). */
  acceptEncoding?: string;
}

export function openEventStream(baseUrl: string, authorization: string | undefined, options: OpenOptions = {}): Promise<EventStream> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (authorization) headers.Authorization = authorization;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  if (options.acceptEncoding) headers['Accept-Encoding'] = options.acceptEncoding;
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/v1/me/events`, { headers }, (response) => {
      const events: EventSourceMessage[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let finished = false;
      const wake = () => {
        for (const waiter of waiters) waiter();
      };
      const parser = createParser({
        onEvent: (event) => {
          events.push(event);
          wake();
        },
        onComment: (comment) => comments.push(comment.trim()),
      });
      const until = (done: () => boolean, ms: number, what: string) =>
        new Promise<void>((settle, fail) => {
          if (done()) return settle();
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`${what} not within ${ms} ms; events: ${JSON.stringify(events.map(({ event, data }) => ({ event, data })))}`));
          }, ms);
          const check = () => {
            if (!done()) return;
            clearTimeout(timer);
            waiters.delete(check);
            settle();
          };
          waiters.add(check);
        });
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        async next(matches, ms = 10_000) {
          await until(() => events.some(matches), ms, 'no matching event');
          return events.find(matches)!;
        },
        ended: (ms = 10_000) => until(() => finished, ms, 'the stream did not end'),
        close: () => request.destroy(),
      };
      response.setEncoding('utf8');
      if (stream.status !== 200) {
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ ...stream, body: JSON.parse(text) as unknown }));
        return;
      }
      response.on('data', (chunk: string) => {
        parser.feed(chunk);
        wake();
      });
      response.on('close', () => {
        finished = true;
        wake();
      });
      resolve(stream);
    });
    request.on('error', reject);
  });
}
