import type { RouteDefinition } from '../http/route';
import type { OwnedName } from '../module-api/kernel-capabilities';
import { dependencyIds } from './dependency-ids';
import type { LoadedModule } from './loaded-module';

/**
 * The first path segments under which several modules serve routes, each its own second segment
 * (`/system/modules` is the system module's, `/system/sessions` auth's; `/me/menus` is me's, and a
 * module showing callers their own share of its records serves `/me/<its records>`): there a
 * route prefix is two segments deep. Permission codes are always owned two segments deep.
 */
const SHARED_AREAS: ReadonlySet<string> = new Set(['system', 'me']);

/**
 * First path segments whose owner lets the modules that depend on it serve a second segment of
 * their own there: under `/auth` (sign-in), `/auth/oidc` is single sign-on's, a way to sign in
 * beside the owner's password. A second segment the owner or another module serves stays theirs
 * (a parameter there holds every second segment), and a module that does not depend on the
 * owner is refused the whole area, as anywhere else.
 */
const EXTENSIBLE_AREAS: ReadonlySet<string> = new Set(['auth']);

/** A name a module declares, and the file to open to change it. */
interface Claim {
  readonly message: string;
  readonly file: string;
}

/**
 * What belongs to which module, so that no module takes another's: the permission prefixes
 * (`<area>:<resource>` of each code its manifest declares: `system:user` is the users module's),
 * the menu paths (a path and everything under it: `/system/users/import` is under the users
 * module's `/system/users`), and the route prefixes (the first segment of each route's path under
 * its base, two under the shared `/system`: `/api/v1/auth`, `/api/v1/system/sessions`). A module
 * never lists one permission code or menu path twice either.
 */
export class Ownership {
  private readonly permissionPrefixes = new Map<string, string>();
  private readonly menuPaths = new Map<string, string>();
  private readonly routePrefixes = new Map<string, string>();
  /** In the extensible areas: each second segment served (`/api/v1/auth/login`), and by whom. */
  private readonly secondSegments = new Map<string, string>();

  /** Why `module` may not have what it declares, one problem each; empty when it owns all of it. */
  problems(module: LoadedModule): Claim[] {
    const id = module.manifest.id;
    const found: Claim[] = [];
    const inManifest = (message: string) => found.push({ message, file: module.file });
    for (const code of twice((module.manifest.permissions ?? []).map((p) => p.code))) inManifest(`permission ${code} is listed twice`);
    for (const menuPath of twice((module.manifest.menus ?? []).map((m) => m.path))) inManifest(`menu path ${menuPath} is listed twice`);
    for (const { code } of module.manifest.permissions ?? []) {
      const owner = this.permissionOwner(code);
      if (owner !== undefined && owner !== id) {
        inManifest(
          `permission ${code} is under "${permissionPrefix(code)}", which belongs to module "${owner}": declare permissions under a prefix of your own, such as "${id}:<resource>"`,
        );
      }
    }
    for (const { path } of module.manifest.menus ?? []) {
      const taken = this.menuOwner(path);
      if (taken && taken.owner !== id) {
        inManifest(
          taken.path === path
            ? `menu path ${path} belongs to module "${taken.owner}"`
            : `menu path ${path} is under ${taken.path}, a menu of module "${taken.owner}"`,
        );
      }
    }
    for (const route of module.definition.routes ?? []) {
      const taken = this.takenPlace(route, module);
      if (taken) {
        found.push({
          message: `route ${route.method} ${routeBase(route)}${route.path} is under ${taken.prefix}, which belongs to module "${taken.owner}"`,
          file: module.entry ?? module.file,
        });
      }
    }
    return found;
  }

  /** The module whose permission prefix `code` is under. */
  permissionOwner(code: string): string | undefined {
    return this.permissionPrefixes.get(permissionPrefix(code));
  }

  /** The module whose route prefix a route of `path` (under the base path, or outside it when `root`) would be under. */
  routeOwner(path: string, root = false): string | undefined {
    const second = secondSegment({ path, root });
    return (second && this.secondSegmentHolder(second)?.owner) ?? this.routePrefixes.get(routePrefix({ path, root }));
  }

  /** Where `route` would go and who holds that place, if another module does. */
  private takenPlace(route: Pick<RouteDefinition, 'path' | 'root'>, module: LoadedModule): { prefix: string; owner: string } | undefined {
    const id = module.manifest.id;
    const prefix = routePrefix(route);
    const owner = this.routePrefixes.get(prefix);
    const second = secondSegment(route);
    if (second) {
      const holder = this.secondSegmentHolder(second);
      if (holder && holder.owner !== id) return holder;
      if (owner !== undefined && owner !== id && !dependencyIds(module.manifest).includes(owner)) return { prefix, owner };
      return undefined;
    }
    return owner !== undefined && owner !== id ? { prefix, owner } : undefined;
  }

  /** Who serves the second segment `key` names, or one a parameter there would match. */
  private secondSegmentHolder(key: string): { prefix: string; owner: string } | undefined {
    const area = key.slice(0, key.lastIndexOf('/'));
    for (const [prefix, owner] of this.secondSegments) {
      if (prefix === key || (prefix.startsWith(`${area}/`) && (prefix.endsWith('/{}') || key.endsWith('/{}')))) return { prefix, owner };
    }
    return undefined;
  }

  /** Records what `module` declares as its own, where no other module has it already. */
  claim(module: LoadedModule): void {
    const id = module.manifest.id;
    for (const { code } of module.manifest.permissions ?? []) setIfFree(this.permissionPrefixes, permissionPrefix(code), id);
    for (const { path } of module.manifest.menus ?? []) if (!this.menuOwner(path)) this.menuPaths.set(path, id);
    for (const route of module.definition.routes ?? []) {
      setIfFree(this.routePrefixes, routePrefix(route), id);
      const second = secondSegment(route);
      if (second) setIfFree(this.secondSegments, second, id);
    }
  }

  /** The module whose menu path is `path` or an ancestor of it. */
  menuOwner(path: string): { path: string; owner: string } | undefined {
    for (const [owned, owner] of this.menuPaths) {
      if (path === owned || path.startsWith(`${owned}/`)) return { path: owned, owner };
    }
    return undefined;
  }
}

/** Which of `modules` owns `name`, or null: what a module declaring it would be refused for. */
export function nameOwner(modules: readonly LoadedModule[], name: OwnedName): string | null {
  const ownership = new Ownership();
  for (const module of modules) ownership.claim(module);
  if ('permission' in name) return ownership.permissionOwner(name.permission) ?? null;
  if ('menuPath' in name) return ownership.menuOwner(name.menuPath)?.owner ?? null;
  return ownership.routeOwner(name.routePath) ?? null;
}

/** `system:user:add` → `system:user`. */
export function permissionPrefix(code: string): string {
  return code.split(':').slice(0, 2).join(':');
}

/** `/api/v1/users/{id}` → `/api/v1/users`; `/api/v1/system/sessions/{id}` → `/api/v1/system/sessions`; `/metrics` → `/metrics`. */
export function routePrefix(route: Pick<RouteDefinition, 'path' | 'root'>): string {
  const segments = route.path.split('/').filter(Boolean);
  const depth = SHARED_AREAS.has(segments[0]) ? 2 : 1;
  // A parameter matches any segment: every parameter is one slot, as the router sees it.
  const kept = segments.slice(0, depth).map((s) => (s.startsWith('{') ? '{}' : s));
  return `${routeBase(route)}/${kept.join('/')}`;
}

/** `/api/v1/auth/oidc/{provider}/start` → `/api/v1/auth/oidc`: in an extensible area only, else undefined. */
function secondSegment(route: Pick<RouteDefinition, 'path' | 'root'>): string | undefined {
  const segments = route.path.split('/').filter(Boolean);
  if (segments.length < 2 || !EXTENSIBLE_AREAS.has(segments[0])) return undefined;
  const second = segments[1].startsWith('{') ? '{}' : segments[1];
  return `${routeBase(route)}/${segments[0]}/${second}`;
}

function routeBase(route: Pick<RouteDefinition, 'root'>): string {
  return route.root ? '' : '/api/v1';
}

function setIfFree(owners: Map<string, string>, key: string, id: string): void {
  if (!owners.has(key)) owners.set(key, id);
}

function twice(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}
