import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A notice's Markdown as HTML any page may insert: marked renders it, sanitize-html keeps only
 * its default tags (no script, style, iframe or form), attributes and URL schemes (http, https,
 * mailto), so what an author types cannot run in a reader's browser.
 */
export function renderMarkdown(content: string): string {
  return sanitizeHtml(marked.parse(content, { async: false, gfm: true }));
}
