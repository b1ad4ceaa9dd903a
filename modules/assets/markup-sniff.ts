/**
 * Whether text would be taken for markup by a browser sniffing it: the patterns of the WHATWG MIME
 * Sniffing Standard ("rules for identifying an unknown MIME type": HTML tags and comments, XML
 * declarations) plus `<svg`, looked for at the start of the content after a byte order mark and
 * whitespace, whatever their case. Such a file is never stored as text, since a browser that
 * ignored its declared type would run its scripts.
 */
const HTML_TAGS = ['!doctype html', 'html', 'head', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a', 'style', 'title', 'b', 'body', 'br', 'p'];

/** After a tag name: the standard's space or `>`, and also `/` and other whitespace (`<br/>`, `<svg\n`). */
const TAG_END = new Set([0x20, 0x3e, 0x2f]);
const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The markup type the start of `head` shows (`text/html`, `image/svg+xml`, `application/xml`), or undefined. */
export function markupTypeOf(head: Buffer): string | undefined {
  let at = head.subarray(0, UTF8_BOM.length).equals(Buffer.from(UTF8_BOM)) ? UTF8_BOM.length : 0;
  while (at < head.length && WHITESPACE.has(head[at])) at++;
  const start = head
    .subarray(at, at + 64)
    .toString('latin1')
    .toLowerCase();
  if (start.startsWith('<?xml')) return 'application/xml';
  if (start.startsWith('<!--')) return 'text/html';
  if (startsWithTag(start, 'svg')) return 'image/svg+xml';
  return HTML_TAGS.some((tag) => startsWithTag(start, tag)) ? 'text/html' : undefined;
}

function startsWithTag(text: string, tag: string): boolean {
  if (!text.startsWith(`<${tag}`)) return false;
  const next = text.charCodeAt(tag.length + 1);
  // The content may end right after the tag name: `<svg` alone is still an SVG to a sniffer.
  return Number.isNaN(next) || TAG_END.has(next) || WHITESPACE.has(next);
}
