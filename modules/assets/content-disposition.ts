/**
 * `Content-Disposition: attachment` naming the file as RFC 6266 says: `filename` with an ASCII
 * stand-in for old clients (anything else, and `"`, `\` and `%`, become `_`), and `filename*`
 * with the whole name in UTF-8, percent-encoded as RFC 8187 (5987) allows.
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

/** Every byte but RFC 8187's attr-char percent-encoded; encodeURIComponent leaves `'()*` bare. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
