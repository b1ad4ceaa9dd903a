/**
 * A notice's Markdown as HTML any page may insert: marked renders it, sanitize-html keeps only
 * its default tags (no script, style, iframe or form), attributes and URL schemes (http, https,
 * mailto), so what an author types cannot run in a reader's browser. Both load with the first
 * notice written, not at boot: some 50 ms of every start.
 */
export async function renderMarkdown(content: string): Promise<string> {
  const [{ marked }, { default: sanitizeHtml }] = await Promise.all([import('marked'), import('sanitize-html')]);
  return sanitizeHtml(marked.parse(content, { async: false, gfm: true }));
}
