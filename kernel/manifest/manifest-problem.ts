/** One reason a manifest file is not a valid v1 manifest. */
export interface ManifestProblem {
  /** JSON pointer of the offending value (`/permissions/0/code`); `''` is the whole document. */
  pointer: string;
  /**
   * The JSON Schema keyword that failed (`maxLength`, `pattern`, `required`, …), or `read` when
   * the file could not be read and `json` when it is not JSON.
   */
  rule: string;
  message: string;
}

/** `/id pattern: must match ^[a-z]…` — the form every CLI line and module problem uses. */
export function describeProblem(problem: ManifestProblem): string {
  const where = problem.pointer === '' ? '' : `${problem.pointer} `;
  return oneLine(`${where}${problem.rule}: ${problem.message}`);
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A property name may hold a newline, and JSON.parse quotes the broken text in its message:
 * escaped, they cannot split the one line per file that `manifest validate` promises.
 */
function oneLine(text: string): string {
  return text.replace(/\p{Cc}/gu, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Escapes one property name for use as a JSON pointer segment (RFC 6901). */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
