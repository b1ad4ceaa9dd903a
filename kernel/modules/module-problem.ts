/**
 * Something that keeps a module from loading. Every step of the module pipeline (discover,
 * validate, resolve, load, check) reports these and carries on, so an operator sees every
 * problem of a boot at once rather than one per attempt.
 */
export interface ModuleProblem {
  /** The module concerned: its manifest id, or its folder name when the manifest has no usable id. */
  moduleId?: string;
  /** The file (usually manifest.json) or folder to open to fix it. */
  file?: string;
  message: string;
}

/** One problem per line: `<moduleId> (<file>): <message>`, dropping whichever part is unknown. */
export function formatProblems(problems: readonly ModuleProblem[]): string {
  return problems.map(formatProblem).join('\n');
}

function formatProblem({ moduleId, file, message }: ModuleProblem): string {
  if (moduleId !== undefined && file !== undefined) return `${moduleId} (${file}): ${message}`;
  const subject = moduleId ?? file;
  return subject === undefined ? message : `${subject}: ${message}`;
}
