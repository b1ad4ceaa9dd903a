import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { ApiClient } from './http';

/** An event of GET /me/events: its name (`module.changed`) and its JSON data. */
export interface LiveEvent {
  name: string;
  data: unknown;
}

/** The wait before reconnecting until the server says otherwise (its `retry`). */
const DEFAULT_RETRY_MS = 3_000;

/**
 * Follows GET /me/events until `signal` aborts: each event goes to `onEvent`, and a stream that
 * drops (the instance stopped, the network went) is opened again after the server's `retry`
 * with the last id received as `Last-Event-ID`, so that nothing sent meanwhile is missed. The
 * token is refreshed on a 401 as for any request; when the session itself is refused, following
 * stops (the console is signing out).
 */
export async function followEvents(api: ApiClient, onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  while (!signal.aborted) {
    try {
      const response = await api.request<Response>('GET', '/me/events', {
        stream: true,
        signal,
        headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      });
      const reader = response
        .body!.pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream({ onRetry: (ms) => (retryMs = ms) }))
        .getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const { id, event, data } = next.value;
        if (id) lastEventId = id;
        if (event) onEvent({ name: event, data: JSON.parse(data) as unknown });
      }
    } catch (error) {
      if (signal.aborted || (error as { statusCode?: number }).statusCode === 401) return;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
