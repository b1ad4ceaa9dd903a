/** One `dependsOn` entry: `users` or `users@^1.2.0`. */
import semver from 'semver';

export interface Dependency {
  /** The entry as written, for messages. */
  entry: string;
  id: string;
  /** The semver range after `@`, or null for a bare id. */
  range: semver.Range | null;
}

/** The schema's module id pattern: an entry naming anything else can never match a module. */
const MODULE_ID = /^[a-z][a-z0-9-]{0,127}$/;

/** Splits at the first `@`, as `dependencyIds` does; the result says why when it cannot be used. */
export function parseDependency(entry: string): Dependency | { error: string } {
  const at = entry.indexOf('@');
  const id = at === -1 ? entry : entry.slice(0, at);
  if (!MODULE_ID.test(id)) {
    return { error: `dependsOn entry "${entry}" is neither "<id>" nor "<id>@<semver range>"` };
  }
  if (at === -1) return { entry, id, range: null };
  const text = entry.slice(at + 1);
  // semver reads an empty range as "*"; an author who typed "@" meant to write something.
  const range = text.trim() === '' ? null : toRange(text);
  if (!range) return { error: `dependsOn entry "${entry}": "${text}" is not a semver range` };
  return { entry, id, range };
}

function toRange(text: string): semver.Range | null {
  try {
    return new semver.Range(text);
  } catch {
    return null;
  }
}
