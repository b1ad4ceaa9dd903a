/** Reads one manifest.json and says whether it is a valid v1 manifest, and if not, why. */
import fs from 'node:fs';
import type { Manifest } from './manifest.types';
import type { ManifestProblem } from './manifest-problem';
import { validateManifest } from './manifest-schema';

export type ManifestReadResult =
  | { status: 'valid'; manifest: Manifest; problems: [] }
  /** The file could not be read (missing, a folder, no permission). */
  | { status: 'unreadable'; manifest?: undefined; problems: ManifestProblem[] }
  /** The file is not JSON, or is JSON that breaks the schema. */
  | { status: 'invalid'; manifest?: undefined; problems: ManifestProblem[] };

export function readManifest(file: string): ManifestReadResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { status: 'unreadable', problems: [{ pointer: '', rule: 'read', message: errorText(error) }] };
  }
  let data: unknown;
  // Editors on Windows may save a byte order mark, which JSON.parse refuses.
  const json = text.replace(/^\uFEFF/, '');
  try {
    data = JSON.parse(json);
  } catch (error) {
    return { status: 'invalid', problems: [{ pointer: '', rule: 'json', message: `not valid JSON: ${withLine(errorText(error), json)}` }] };
  }
  const problems = validateManifest(data);
  if (problems.length > 0) return { status: 'invalid', problems };
  // The schema has just proved the shape that `Manifest` describes.
  return { status: 'valid', manifest: data as Manifest, problems: [] };
}

/** JSON.parse counts characters from the start; an author's editor shows lines and columns. */
function withLine(message: string, json: string): string {
  const match = /at position (\d+)/.exec(message);
  if (!match) return message;
  const before = json.slice(0, Number(match[1])).split('\n');
  return `${message} (line ${before.length}, column ${before[before.length - 1].length + 1})`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
