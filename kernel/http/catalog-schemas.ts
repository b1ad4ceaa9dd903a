import type { TSchema } from '@sinclair/typebox';
import { schemaName } from './schema-name';
import { closeObjects } from './validation';

type Json = Record<string, unknown>;

/** Names the kernel itself puts in `components/schemas`: a module's schema of that name is qualified. */
const KERNEL_NAMES = new Set(['Error']);

const COMPONENTS = '#/components/schemas/';

/** Validated request parts are shown closed, exactly as the validator compiles them; the rest as declared. */
export type SchemaUse = 'validated' | 'declared';

interface Claim {
  moduleId: string;
  /** The component as this module declares it, references by bare name, for comparison. */
  canonical: string;
}

/**
 * The named schemas of the catalog (see `named`). Built in two passes over the same schemas:
 * `claim` records which module names what, `finish` decides each component's published name —
 * the bare name, or `<module id>.<Name>` for every module when two modules give one name to
 * different schemas, so neither silently takes the other's — and `show` then writes each schema
 * with references to those names.
 */
export class CatalogSchemas {
  private readonly claims = new Map<string, Claim[]>();
  private readonly validatedNames = new Set<string>();
  private published?: Map<string, Map<string, string>>;
  private readonly components: Record<string, Json> = {};

  claim(schema: TSchema | undefined, moduleId: string, use: SchemaUse): void {
    if (schema === undefined) return;
    lift(
      schema,
      (name) => name,
      (name, body) => {
        const canonical = JSON.stringify(body);
        const claims = this.claims.get(name) ?? [];
        const clash = claims.find((c) => c.moduleId === moduleId && c.canonical !== canonical);
        if (clash) throw new Error(`module "${moduleId}" names two different schemas "${name}": give each its own name`);
        if (!claims.some((c) => c.moduleId === moduleId)) this.claims.set(name, [...claims, { moduleId, canonical }]);
        if (use === 'validated') this.validatedNames.add(name);
      },
    );
  }

  /** Decides the published names, once every schema of the catalog is claimed. */
  finish(): void {
    this.published = new Map();
    for (const [name, claims] of this.claims) {
      const shared = !KERNEL_NAMES.has(name) && new Set(claims.map((c) => c.canonical)).size === 1;
      for (const { moduleId } of claims) {
        const names = this.published.get(moduleId) ?? new Map<string, string>();
        names.set(name, shared ? name : `${moduleId}.${name}`);
        this.published.set(moduleId, names);
      }
    }
  }

  /**
   * The schema as the catalog shows it: named parts replaced by references. A validated request
   * part is closed as `closeObjects` closes it for the validator, so the catalog shows what is enforced.
   */
  show(schema: TSchema | undefined, moduleId: string, use: SchemaUse): Json {
    if (schema === undefined) return {};
    if (!this.published) throw new Error('CatalogSchemas.show before finish');
    const names = this.published.get(moduleId) ?? new Map<string, string>();
    const publish = (name: string) => names.get(name)!;
    const shown = lift(schema, publish, (name, body) => {
      this.components[publish(name)] ??= this.validatedNames.has(name) ? (closeObjects(body) as Json) : body;
    });
    return use === 'validated' ? (closeObjects(shown) as Json) : shown;
  }

  /** Every named schema shown so far, by published name, sorted. */
  schemas(): Record<string, Json> {
    return Object.fromEntries(Object.entries(this.components).sort(([a], [b]) => a.localeCompare(b)));
  }
}

/**
 * A TypeBox schema as plain JSON Schema (symbol-keyed metadata dropped) where every named
 * subschema is a `$ref` to its component, handed to `onNamed` with its own body lifted alike.
 * A recursive schema's self-references (`$ref` to its `$id`) point at its component.
 */
function lift(schema: TSchema, publish: (name: string) => string, onNamed: (name: string, body: Json) => void): Json {
  const walk = (node: unknown, scope: ReadonlyMap<string, string>, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, scope, false));
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Json;
    const name = nameOf(record);
    if (name !== undefined && !top) {
      onNamed(name, walk(node, scope, true) as Json);
      return { $ref: COMPONENTS + publish(name) };
    }
    if (typeof record.$ref === 'string' && scope.has(record.$ref)) return { $ref: COMPONENTS + publish(scope.get(record.$ref)!) };
    const inner = name !== undefined && typeof record.$id === 'string' ? new Map([...scope, [record.$id, name]]) : scope;
    const copy: Json = {};
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined || (key === '$id' && name !== undefined)) continue;
      copy[key] = walk(value, inner, false);
    }
    return copy;
  };
  return walk(schema, new Map(), false) as Json;
}

/** A schema's catalog name: the one `named` gave it, else the `$id` of a recursive schema. */
function nameOf(node: Json): string | undefined {
  return schemaName(node) ?? (typeof node.$id === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(node.$id) ? node.$id : undefined);
}
