/**
 * Error codes follow `{PREFIX}_{REASON}_{HTTP}` (contract 7.2): the suffix IS the HTTP status,
 * so the status is derived from the code and can never disagree with it.
 */
export interface LocalisedMessages {
  en: string;
  zh: string;
}

export interface ErrorDefinition {
  readonly code: string;
  readonly status: number;
  readonly messages: LocalisedMessages;
}

export type ErrorDefinitions<K extends string> = { readonly [P in K]: ErrorDefinition };

/** An error is answered with a client (4xx) or server (5xx) status, never a success. */
const CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_([45][0-9]{2})$/;

/** The HTTP status a code ends with, or undefined when the code breaks the format. */
export function statusOfCode(code: string): number | undefined {
  const match = CODE_PATTERN.exec(code);
  return match ? Number(match[1]) : undefined;
}

/**
 * What is wrong with a definition, one line each; empty when it is sound. The catalogue asks
 * too, so a definition built by hand rather than by defineErrors is held to the same rules.
 */
export function definitionProblems(definition: ErrorDefinition): string[] {
  const { code, status, messages } = definition;
  const expected = statusOfCode(code);
  if (expected === undefined) return [`error code ${code} does not follow {PREFIX}_{REASON}_{HTTP} with a 4xx or 5xx status`];
  const problems: string[] = [];
  if (status !== expected) problems.push(`error code ${code} must answer status ${expected}, not ${status}`);
  if (!messages?.en?.trim() || !messages?.zh?.trim()) problems.push(`error code ${code} needs both an en and a zh message`);
  return problems;
}

/**
 * Declares a group of catalogued errors. Each key is the code; the kernel merges every
 * module's group into the one catalogue served at `GET /system/error-codes`.
 */
export function defineErrors<K extends string>(messages: { readonly [P in K]: LocalisedMessages }): ErrorDefinitions<K> {
  const definitions = {} as { [P in K]: ErrorDefinition };
  for (const code of Object.keys(messages) as K[]) {
    const { en, zh } = messages[code] ?? {};
    const definition = { code, status: statusOfCode(code) ?? 0, messages: Object.freeze({ en, zh }) };
    const problems = definitionProblems(definition);
    if (problems.length > 0) throw new Error(problems.join('; '));
    definitions[code] = Object.freeze(definition);
  }
  return Object.freeze(definitions);
}
