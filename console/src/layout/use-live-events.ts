import { useEffect, useRef } from 'react';
import type { ApiClient } from '../api/http';
import { followEvents, type LiveEvent } from '../api/live-events';

/** Follows the caller's live events (GET /me/events) for as long as the component is drawn. */
export function useLiveEvents(api: ApiClient, onEvent: (event: LiveEvent) => void): void {
  // The latest handler, without opening a new stream each time the component draws.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const controller = new AbortController();
    void followEvents(api, (event) => handler.current(event), controller.signal);
    return () => controller.abort();
  }, [api]);
}
