import fs from 'node:fs';
import path from 'node:path';
import { RawReply, Type, defineRoute } from '@atrium/kernel';

/** The reference's own files, beside this one. */
const OWN = path.join(__dirname, 'docs');
// The package's own folder (what its absolutePath() answers), found without loading its code.
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Every file the page loads, by name: nothing else is served, and no client text names a path. */
const ASSETS: Record<string, { file: string; contentType: string }> = {
  'swagger-ui.css': { file: path.join(SWAGGER_UI, 'swagger-ui.css'), contentType: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI, 'swagger-ui-bundle.js'), contentType: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: path.join(SWAGGER_UI, 'favicon-32x32.png'), contentType: 'image/png' },
  'initializer.js': { file: path.join(OWN, 'initializer.js'), contentType: 'text/javascript; charset=utf-8' },
};

/**
 * Scripts and styles from this server only. Swagger UI sets element styles at run time, so
 * styles need 'unsafe-inline'; scripts do not (the initializer is a file).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const docsPage = defineRoute({
  method: 'GET',
  path: '/docs',
  root: true,
  public: true,
  summary: "The interactive API reference (Swagger UI) over this server's live catalog",
  description:
    'An HTML page that loads Swagger UI from this server (no CDN) and reads `/v3/api-docs` without a token; "Authorize" sets the bearer ' +
    'token of the requests tried from it. The page itself reveals nothing: where the operator keeps the catalog closed (`API_DOCS_PUBLIC=false`) ' +
    'it shows an error instead, and the catalog is read with a token holding `system:catalog:query`.',
  raw: { contentType: 'text/html; charset=utf-8' },
  response: Type.String(),
  handler: () =>
    new RawReply(fs.readFileSync(path.join(OWN, 'index.html')), 'text/html; charset=utf-8', { 'Content-Security-Policy': CONTENT_SECURITY_POLICY }),
});

export const docsAsset = defineRoute({
  method: 'GET',
  path: '/docs/{file}',
  root: true,
  public: true,
  summary: "A file of the API reference page (Swagger UI's script and styles, the initializer)",
  description: "Only the files the page loads are served, by name; any other name is 400. They change only with the server's version.",
  params: Type.Object({ file: Type.Union(Object.keys(ASSETS).map((name) => Type.Literal(name))) }),
  raw: { contentType: 'application/octet-stream' },
  response: Type.String({ contentMediaType: 'application/octet-stream' }),
  handler: ({ params }) => {
    const asset = ASSETS[params.file];
    return new RawReply(fs.createReadStream(asset.file), asset.contentType, {
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
  },
});
