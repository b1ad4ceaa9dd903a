import fs from 'node:fs';
import path from 'node:path';
import { KERNEL_SPIS } from './kernel-spis';
import { ErrorCatalogue } from '../errors/error-catalogue';
import type { RouteDefinition } from '../http/route';
import { CAPABILITIES, isCapability } from './capabilities';
import { dependencyIds } from './dependency-ids';
import { entityNameOf } from '../auth/row-scope';
import type { LoadedModule } from './loaded-module';
import { menuTitleProblems } from './menu-titles-check';
import type { ModuleProblem } from './module-problem';
import { Ownership } from './ownership';

/**
 * Holds each module's code to its manifest, both ways: what the code has must be declared, and
 * what is declared must exist. `others` are modules already running (a live load checks the
 * newcomers against them). Returns every problem found, not just the first.
 */
export function checkModules(modules: readonly LoadedModule[], others: readonly LoadedModule[] = []): ModuleProblem[] {
  const byId = new Map([...others, ...modules].map((m) => [m.manifest.id, m]));
  const catalogue = new ErrorCatalogue();
  for (const other of others) catalogue.add(other.manifest.id, Object.values(other.definition.errors ?? {}));
  const routeOwners = new Map<string, string>();
  for (const other of others) for (const route of other.definition.routes ?? []) routeOwners.set(routeSlot(route), other.manifest.id);
  const entityOwners = new Map<string, string>();
  for (const other of others) for (const entity of other.definition.entities ?? []) entityOwners.set(entity.meta.className, other.manifest.id);

  const problems: ModuleProblem[] = [];
  for (const module of modules) {
    const problem = (message: string, file = module.entry ?? module.file) => problems.push({ moduleId: module.manifest.id, file, message });
    const visible = new Set([module.manifest.id, ...dependencyIds(module.manifest)]);
    checkCapabilities(module, problem);
    checkPermissionsAndMenus(module, visible, byId, problem);
    for (const message of menuTitleProblems(module)) problem(message);
    checkProvisions(module, problem);
    checkContributions(module, visible, problem);
    checkFiles(module, problem);
    const errors = Object.values(module.definition.errors ?? {});
    for (const conflict of catalogue.conflicts(module.manifest.id, errors)) problem(conflict);
    catalogue.add(
      module.manifest.id,
      errors.filter((e) => !catalogue.get(e.code)),
    );
    for (const route of module.definition.routes ?? []) {
      const owner = routeOwners.get(routeSlot(route));
      if (owner !== undefined) problem(`route ${routeKey(route)} is already served by module "${owner}"`);
      routeOwners.set(routeSlot(route), module.manifest.id);
    }
    // The ORM maps entities by name, one metadata store for every module: a second `Note`
    // would silently take the first one's place.
    for (const entity of module.definition.entities ?? []) {
      const name = entity.meta.className;
      const owner = entityOwners.get(name);
      if (owner !== undefined) problem(`entity ${name} is already mapped by module "${owner}": give it a name of its own`);
      entityOwners.set(name, module.manifest.id);
    }
    checkRowScoped(module, problem);
  }
  problems.push(...ownershipProblems(modules, others));
  return problems;
}

/**
 * What each module declares must be its own (ownership.ts). Running modules own theirs already;
 * of the newcomers the built-in ones claim first, so a module dropped in beside them never takes
 * their names whatever the load order; among the others, the first in load order keeps a name.
 */
function ownershipProblems(modules: readonly LoadedModule[], others: readonly LoadedModule[]): ModuleProblem[] {
  const ownership = new Ownership();
  for (const other of others) ownership.claim(other);
  const problems: ModuleProblem[] = [];
  for (const module of [...modules.filter((m) => m.builtin), ...modules.filter((m) => !m.builtin)]) {
    for (const { message, file } of ownership.problems(module)) problems.push({ moduleId: module.manifest.id, file, message });
    ownership.claim(module);
  }
  return problems;
}

type Report = (message: string, file?: string) => void;

/** Data scope narrows the module's own entities only, through properties they have. */
function checkRowScoped(module: LoadedModule, problem: Report): void {
  const own = new Map((module.definition.entities ?? []).map((e) => [e.meta.className, e]));
  for (const { entity, mapping } of module.definition.rowScoped ?? []) {
    const name = entityNameOf(entity);
    const schema = own.get(name);
    if (!schema) {
      problem(`rowScoped names entity ${name}, which is not one of the module's entities`);
      continue;
    }
    for (const property of [mapping.dept, mapping.owner]) {
      if (property !== undefined && !(property in (schema.meta.properties ?? {})))
        problem(`rowScoped maps ${name}.${property}, which the entity does not have`);
    }
  }
}

function checkCapabilities(module: LoadedModule, problem: Report): void {
  const { manifest, definition } = module;
  const granted = new Set(manifest.capabilities ?? []);
  for (const word of granted) {
    if (!isCapability(word)) problem(`unknown capability "${word}"; the kernel offers: ${Object.keys(CAPABILITIES).join(', ')}`, module.file);
  }
  const needs = (capability: string, what: string) => {
    if (!granted.has(capability))
      problem(`the module ${what} but does not declare the "${capability}" capability: add "${capability}" to "capabilities" in ${module.file}`);
  };
  if ((definition.routes ?? []).length > 0) needs('http', 'declares routes');
  if ((definition.entities ?? []).length > 0) needs('db', 'maps entities');
  if (module.migrations.length > 0) needs('db', 'has migrations');
}

function checkPermissionsAndMenus(module: LoadedModule, visible: Set<string>, byId: Map<string, LoadedModule>, problem: Report): void {
  const { manifest, definition } = module;
  const declaredHere = new Set((manifest.permissions ?? []).map((p) => p.code));
  const declaredVisible = new Set<string>();
  for (const id of visible) for (const p of byId.get(id)?.manifest.permissions ?? []) declaredVisible.add(p.code);

  for (const permission of manifest.permissions ?? []) {
    if (!visible.has(permission.owner)) {
      problem(`permission ${permission.code} names owner "${permission.owner}", which is neither this module nor one it depends on`, module.file);
    }
  }
  const used = new Set<string>(definition.permissionsCheckedInCode ?? []);
  for (const route of definition.routes ?? []) {
    if (route.public === true || route.authenticated === true) continue;
    if (typeof route.permission !== 'string') {
      problem(`route ${routeKey(route)} must name a permission, or be declared public or authenticated`);
      continue;
    }
    used.add(route.permission);
    if (!declaredVisible.has(route.permission)) {
      problem(`route ${routeKey(route)} needs permission ${route.permission}, which is not declared: add it to "permissions" in ${module.file}`);
    }
  }
  for (const code of definition.permissionsCheckedInCode ?? []) {
    if (!declaredVisible.has(code)) problem(`permission ${code} is checked in code but not declared: add it to "permissions" in ${module.file}`);
  }
  for (const menu of manifest.menus ?? []) {
    used.add(menu.permission);
    if (!declaredVisible.has(menu.permission)) {
      problem(`menu "${menu.title}" needs permission ${menu.permission}, declared neither by this module nor by one it depends on`, module.file);
    }
  }
  for (const code of declaredHere) {
    if (!used.has(code)) {
      problem(`permission ${code} is declared but no route, menu or permissionsCheckedInCode of the module uses it`, module.file);
    }
  }
}

function checkProvisions(module: LoadedModule, problem: Report): void {
  const declared = new Set(module.manifest.publicApis ?? []);
  const provided = new Set<string>();
  for (const { token } of module.definition.provides ?? []) {
    if (provided.has(token.name)) problem(`public API ${token.name} is provided twice`);
    provided.add(token.name);
    if (token.ownerId !== module.manifest.id) problem(`public API ${token.name} must be named "${module.manifest.id}.<Name>"`);
    if (!declared.has(token.name))
      problem(`the code provides public API ${token.name}, which the manifest does not list: add it to "publicApis" in ${module.file}`);
  }
  for (const name of declared) {
    if (!provided.has(name)) problem(`the manifest lists public API ${name}, which the code does not provide`, module.file);
  }
}

function checkContributions(module: LoadedModule, visible: Set<string>, problem: Report): void {
  const declared = new Set(module.manifest.spi ?? []);
  const contributed = new Set<string>();
  for (const { token } of module.definition.contributes ?? []) {
    contributed.add(token.name);
    if (!declared.has(token.name)) problem(`the code contributes to SPI ${token.name}, which the manifest does not list: add it to "spi" in ${module.file}`);
    if (!KERNEL_SPIS.has(token.name) && !visible.has(token.ownerId)) {
      problem(`SPI ${token.name} belongs to module "${token.ownerId}": add "${token.ownerId}" to "dependsOn" in ${module.file}`);
    }
  }
  for (const name of declared) {
    if (!contributed.has(name)) problem(`the manifest lists SPI ${name}, to which the code contributes nothing`, module.file);
  }
}

function checkFiles(module: LoadedModule, problem: Report): void {
  for (const field of ['spec', 'aiRules'] as const) {
    const relative = module.manifest[field];
    if (typeof relative !== 'string') continue;
    const file = path.resolve(module.dir, relative);
    const inside = file.startsWith(module.dir + path.sep);
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      problem(`"${field}" names ${relative}, which is not a file inside the module folder`, module.file);
    }
  }
}

function routeKey(route: RouteDefinition): string {
  return `${route.method} ${route.root ? '' : '/api/v1'}${route.path}`;
}

/**
 * What the router matches on: `/things/{id}` and `/things/{thingId}` are one slot, and the module
 * registered second would never be reached.
 */
function routeSlot(route: RouteDefinition): string {
  return routeKey(route).replace(/\{[^}]*\}/g, '{}');
}
