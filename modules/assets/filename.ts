/** The longest name kept, in characters (code points): the column is varchar(255). */
export const MAX_FILENAME_LENGTH = 255;
/** What a name is when nothing of the client's is left. */
export const FALLBACK_FILENAME = 'file';
/** An extension kept whole when a long name is cut (`.pdf` survives; a 40-character one does not). */
const MAX_KEPT_EXTENSION = 16;

/**
 * Characters that never belong in a name: C0 controls (NUL included), DEL, C1 controls, and the
 * bidirectional controls that make `invoice‮fdp.exe` read as `invoiceexe.pdf`
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The client's filename as metadata: never a path, never anything a terminal or a browser could
 * misread. Unicode NFC; unsafe characters removed; only the part after the last `/` or `\`;
 * trimmed, and trailing dots dropped (Windows drops them on save, so `x.exe.` would become
 * `x.exe` there), which leaves `.` and `..` empty; at most 255 characters (a long name loses the
 * end of its stem, keeping its extension); `file` when nothing is left.
 */
export function normaliseFilename(raw: string | undefined): string {
  const cleaned = (raw ?? '').normalize('NFC').replace(UNSAFE, '');
  const base = cleaned
    .slice(Math.max(cleaned.lastIndexOf('/'), cleaned.lastIndexOf('\\')) + 1)
    .trim()
    .replace(/[.\s]+$/u, '');
  return base === '' ? FALLBACK_FILENAME : shorten(base);
}

function shorten(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const kept = extension.length <= MAX_KEPT_EXTENSION ? extension : [];
  const stem = characters
    .slice(0, MAX_FILENAME_LENGTH - kept.length)
    .join('')
    .trimEnd();
  return stem === '' ? characters.slice(0, MAX_FILENAME_LENGTH).join('') : `${stem}${kept.join('')}`;
}

/** The extension, lowercase and without the dot (`report.PDF` → `pdf`); undefined without one. */
export function extensionOf(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return undefined;
  return filename.slice(dot + 1).toLowerCase();
}
