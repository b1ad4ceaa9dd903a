import { AppError } from '@atrium/kernel';
import { AssetErrors } from './errors';
import { extensionOf } from './filename';
import { markupTypeOf } from './markup-sniff';

/** How much of the content is looked at to decide its type (what file-type reads at most). */
export const HEAD_BYTES = 4100;

export const TEXT_PLAIN = 'text/plain';

/**
 * Types refused whatever the allow-list says: programs, and what a browser would render and run
 * scripts in. Executables are found by their magic bytes; markup by markup-sniff.ts.
 */
const ALWAYS_REFUSED = new Set([
  'application/x-elf',
  'application/x-msdownload',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/java-vm',
  'application/java-archive',
  'application/vnd.microsoft.portable-executable',
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/xml',
]);

/**
 * The type a filename's extension names, for the extensions of the types uploads may have and of
 * those never accepted (programs, scripts, markup). A name whose extension names another type
 * than the content is refused: `photo.png` holding a PDF, `invoice.pdf.exe` holding text. An
 * extension not listed here (`.dat`, `.csv`) claims nothing.
 */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: TEXT_PLAIN,
  text: TEXT_PLAIN,
  html: 'text/html',
  htm: 'text/html',
  shtml: 'text/html',
  xhtml: 'application/xhtml+xml',
  svg: 'image/svg+xml',
  svgz: 'image/svg+xml',
  xml: 'application/xml',
  exe: 'application/x-msdownload',
  dll: 'application/x-msdownload',
  com: 'application/x-msdownload',
  scr: 'application/x-msdownload',
  msi: 'application/x-msi',
  elf: 'application/x-elf',
  so: 'application/x-sharedlib',
  dylib: 'application/x-mach-binary',
  jar: 'application/java-archive',
  class: 'application/java-vm',
  js: 'text/javascript',
  mjs: 'text/javascript',
  hta: 'application/hta',
  bat: 'application/x-bat',
  cmd: 'application/x-bat',
  ps1: 'application/x-powershell',
  vbs: 'text/vbscript',
  sh: 'application/x-sh',
};

/**
 * The content's type, from its first bytes (`head`: HEAD_BYTES of them, or all of a shorter
 * file), or a 415. Magic bytes decide (file-type); content without any is text only when it does
 * not start like markup and holds no NUL in its head — the caller checks that the whole of it is
 * UTF-8 without NUL. The type must be on the allow-list and never one of the refused ones, and
 * the filename's extension, when it names a type, must name this one.
 */
export async function decideType(head: Buffer, filename: string, allowed: ReadonlySet<string>): Promise<string> {
  // Loaded with the first upload, not at boot.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = (await fileTypeFromBuffer(head))?.mime ?? markupTypeOf(head) ?? (head.includes(0) ? undefined : TEXT_PLAIN);
  if (type === undefined) throw unsupported('the content is binary data of no type uploads may have');
  if (ALWAYS_REFUSED.has(type) || !allowed.has(type)) throw unsupported(`the content is ${type}, which uploads may not be`);
  const extension = extensionOf(filename);
  const claimed = extension === undefined ? undefined : EXTENSION_TYPES[extension];
  if (claimed !== undefined && claimed !== type) throw unsupported(`the name ends in .${extension}, but the content is ${type}`);
  return type;
}

export function unsupported(message: string): AppError {
  return new AppError(AssetErrors.ASSET_UNSUPPORTED_TYPE_415, { details: [{ field: '/body/file', rule: 'type', message }] });
}
