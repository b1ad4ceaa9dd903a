import { definitionProblems, type ErrorDefinition } from './error-definition';
import { KernelErrors } from './kernel-errors';

/** The languages the API speaks: its messages, labels and menu titles (kernel/http/language.ts picks one). */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface CatalogueEntry extends ErrorDefinition {
  /** `kernel` or the id of the module that declared the code. */
  readonly owner: string;
}

/**
 * The one error catalogue: the kernel's codes plus every loaded module's. A code belongs to
 * exactly one owner, so two modules can never give the same code two meanings.
 */
export class ErrorCatalogue {
  private readonly entries = new Map<string, CatalogueEntry>();

  constructor() {
    this.add('kernel', Object.values(KernelErrors));
  }

  /**
   * Problems (one line each) that adding these definitions would cause; empty when it is safe:
   * a definition that breaks the catalogue's rules (boot and live loads report these before
   * anything is added), or a code another owner declared.
   */
  conflicts(owner: string, definitions: readonly ErrorDefinition[]): string[] {
    return definitions.flatMap((d) => [...definitionProblems(d), ...this.ownership(owner, d)]);
  }

  /** Adds a module's codes; a code that belongs to another owner is refused. */
  add(owner: string, definitions: readonly ErrorDefinition[]): void {
    const taken = definitions.flatMap((d) => this.ownership(owner, d));
    if (taken.length > 0) throw new Error(taken.join('; '));
    for (const definition of definitions) this.entries.set(definition.code, { ...definition, owner });
  }

  /** Forgets a module's codes when the module is replaced by a live reload. */
  removeOwner(owner: string): void {
    for (const [code, entry] of this.entries) if (entry.owner === owner) this.entries.delete(code);
  }

  get(code: string): CatalogueEntry | undefined {
    return this.entries.get(code);
  }

  list(): CatalogueEntry[] {
    return [...this.entries.values()].sort((a, b) => a.code.localeCompare(b.code));
  }

  private ownership(owner: string, definition: ErrorDefinition): string[] {
    const taken = this.entries.get(definition.code);
    return taken !== undefined && taken.owner !== owner ? [`error code ${definition.code} is already declared by ${taken.owner}`] : [];
  }
}
