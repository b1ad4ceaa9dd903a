/**
 * The types a browser may show in place: raster images, which it decodes as pictures and nothing
 * else (with `nosniff`, whatever bytes follow the image). Everything else is an attachment. SVG
 * is markup that runs scripts (and is refused at upload anyway). PDF is not here: viewers run its
 * JavaScript and forms, and a PDF shown under this origin could pose as its pages, so hardened
 * platforms serve it as a download. Plain text is not either: shown in place under this origin it
 * could pass for the platform's own words, and nothing is gained by it.
 */
const SAFE_INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** How an asset of this stored type is served: `inline` only for the safe types above. */
export function contentDisposition(contentType: string, filename: string): string {
  return `${SAFE_INLINE_TYPES.has(contentType) ? 'inline' : 'attachment'}${filenameParameters(filename)}`;
}

/**
 * The file's name as RFC 6266 says: `filename` with an ASCII stand-in for old clients (anything
 * else, and `"`, `\` and `%`, become `_`), and `filename*` with the whole name in UTF-8,
 * percent-encoded as RFC 8187 (5987) allows.
 */
function filenameParameters(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  return `; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

/** Every byte but RFC 8187's attr-char percent-encoded; encodeURIComponent leaves `'()*` bare. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
