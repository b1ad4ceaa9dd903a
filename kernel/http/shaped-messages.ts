import http from 'node:http';
import { PASSPORT_REQUEST_FIELDS } from '../auth/authenticate';

/**
 * The request and response classes the server makes, each with the properties the pipeline adds
 * to every one of them already declared. Express switches each request's and response's
 * prototype to its own; from then on V8 adds a property to that object on a slow path (about
 * 4 µs each on Node 20, measured, and garbage for the collector), while storing to one that
 * exists stays as cheap as ever. Only plain data properties are declared, with the value they
 * read as before they are set, never one a prototype serves with an accessor (express's `query`).
 */
export class ShapedRequest extends http.IncomingMessage {
  constructor(socket: ConstructorParameters<typeof http.IncomingMessage>[0]) {
    super(socket);
    const fields = this as unknown as Record<string, unknown>;
    for (const field of EXPRESS_REQUEST_FIELDS) fields[field] = undefined;
    for (const field of PASSPORT_REQUEST_FIELDS) fields[field] = undefined;
    // Node counts listeners on the prototype's 0 until the first one is added: every request gets one.
    fields._eventsCount = 0;
  }
}

export class ShapedResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {
  constructor(req: Request) {
    super(req);
    // writeHead sets both on every response; the values are the prototype's.
    this.statusCode = 200;
    this.statusMessage = undefined as unknown as string;
    (this as unknown as Record<string, unknown>).locals = undefined;
  }
}

/** What express's application and router set on every request they route. */
const EXPRESS_REQUEST_FIELDS = ['res', 'next', 'baseUrl', 'originalUrl', '_parsedUrl', 'params'] as const;
