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

const CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_([1-5][0-9]{2})$/;

/** The HTTP status a code ends with, or undefined when the code breaks the format. */
export function statusOfCode(code: string): number | undefined {
  const match = CODE_PATTERN.exec(code);
  return match ? Number(match[1]) : undefined;
}

/**
 * Declares a group of catalogued errors. Each key is the code; the kernel merges every
 * module's group into the one catalogue served at `GET /system/error-codes`.
 */
export function defineErrors<K extends string>(
  messages: { readonly [P in K]: LocalisedMessages },
): ErrorDefinitions<K> {
  const definitions = {} as { [P in K]: ErrorDefinition };
  for (const code of Object.keys(messages) as K[]) {
    const status = statusOfCode(code);
    if (status === undefined) {
      throw new Error(`error code ${code} does not follow {PREFIX}_{REASON}_{HTTP}`);
    }
    const { en, zh } = messages[code];
    if (!en?.trim() || !zh?.trim()) throw new Error(`error code ${code} needs both an en and a zh message`);
    definitions[code] = Object.freeze({ code, status, messages: Object.freeze({ en, zh }) });
  }
  return Object.freeze(definitions);
}
