import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

type HeaderValue = string | number | readonly string[];

/**
 * Sets helmet's headers (its defaults), worked out once at start. helmet() runs a dozen
 * middlewares on every request, each setting one header whose value never changes with the
 * defaults: a few per cent of a trivial route's CPU spent recomputing constants. Helmet still
 * decides the headers (an upgrade's changes arrive with it); this only replays what it set.
 */
export function securityHeaders(): (res: ServerResponse) => void {
  const headers = helmetHeaders();
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}

/** What helmet() sets on a response, asked once of a stand-in response it cannot tell apart. */
function helmetHeaders(): readonly [string, HeaderValue][] {
  const headers: [string, HeaderValue][] = [];
  const response = {
    setHeader: (name: string, value: HeaderValue) => void headers.push([name, value]),
    // X-Powered-By: express is told not to send it (app.ts).
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet()({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Every default middleware calls next() at once; one that did not would need the request.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}
