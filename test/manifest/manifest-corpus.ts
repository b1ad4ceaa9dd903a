/**
 * Every row of the contract's manifest tables (section 2.5, its permission, menu and generation
 * tables, and the section 8 limits), each at its limit and just past it, as data: the schema
 * test, the CLI test and anyone curious read the same list.
 *
 * Each case starts from FULL_MANIFEST, a valid manifest that uses every field, and changes one
 * thing. An invalid case lists exactly the problems it must produce, as `<pointer> <rule>`.
 */

export interface CorpusCase {
  /** Reads as the rest of a test title: "accepts …" / "rejects …". */
  title: string;
  manifest: unknown;
  /** Empty for a valid manifest; otherwise every `<pointer> <rule>` expected, in any order (`(root)` for the document). */
  problems: string[];
}

export const SCHEMA_URL = 'https://atrium.dev/schemas/module-manifest/v1.json';

const PERMISSION = { code: 'users:user:read', name: 'Read users', scope: 'row', owner: 'users' };
const MENU = { title: 'Users', path: '/system/users', component: 'system/users/index', permission: 'users:user:read' };
const GENERATION = {
  templateId: 'crud',
  templateVersion: '1.0.0',
  sourceTable: 'sys_user',
  className: 'User',
  resourcePath: '/users',
  routeModule: 'user.routes.ts',
};

export const FULL_MANIFEST = {
  $schema: SCHEMA_URL,
  schemaVersion: 1,
  id: 'users',
  name: 'Users',
  version: '1.2.0',
  description: 'User accounts.',
  dependsOn: ['auth@^1.0.0', 'departments'],
  capabilities: ['http', 'db'],
  permissions: [PERMISSION],
  menus: [MENU],
  migrations: ['0001-create-users'],
  publicApis: ['users.UserDirectory'],
  spi: ['kernel.authenticator'],
  spec: 'README.md',
  aiRules: 'AI-RULES.md',
  generation: GENERATION,
};

const EMOJI = '\u{1F600}'; // one character, two UTF-16 code units

type Change = { set: unknown } | { remove: true };

/** FULL_MANIFEST with the value at `pointer` replaced or removed. */
function changed(pointer: string, change: Change): unknown {
  const document = structuredClone(FULL_MANIFEST) as unknown;
  if (pointer === '') return 'set' in change ? change.set : undefined;
  const path = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = path.pop() as string;
  let parent = document as Record<string, unknown>;
  for (const key of path) parent = parent[key] as Record<string, unknown>;
  if ('set' in change) parent[last] = change.set;
  else delete parent[last];
  return document;
}

const cases: CorpusCase[] = [];

function accepts(title: string, pointer: string, value: unknown): void {
  cases.push({ title, manifest: changed(pointer, { set: value }), problems: [] });
}

function rejects(title: string, pointer: string, change: Change, ...problems: string[]): void {
  cases.push({ title, manifest: changed(pointer, change), problems });
}

const set = (value: unknown): Change => ({ set: value });
const remove: Change = { remove: true };
const show = (value: unknown): string => JSON.stringify(value);

/* ---- the document itself -------------------------------------------------------------------- */

cases.push({ title: 'a manifest that uses every field', manifest: structuredClone(FULL_MANIFEST), problems: [] });
cases.push({
  title: 'a manifest with only the required fields',
  manifest: { $schema: SCHEMA_URL, schemaVersion: 1, id: 'a', name: 'A', version: '1' },
  problems: [],
});
for (const value of [null, [], 'users', 42, true]) rejects(`a document that is ${show(value)}`, '', set(value), '(root) type');

for (const field of ['$schema', 'schemaVersion', 'id', 'name', 'version']) {
  rejects(`a manifest without ${field}`, `/${field}`, remove, `/${field} required`);
}
for (const field of ['description', 'dependsOn', 'capabilities', 'permissions', 'menus', 'migrations', 'publicApis', 'spi', 'spec', 'aiRules', 'generation']) {
  cases.push({ title: `a manifest without the optional ${field}`, manifest: changed(`/${field}`, remove), problems: [] });
}
rejects('an extra top-level property', '/extra', set(1), '/extra additionalProperties');
rejects('an extra top-level property named $id', '/$id', set(SCHEMA_URL), '/$id additionalProperties');
rejects('an extra top-level property whose name needs pointer escaping', '/a~1b~0c', set(1), '/a~1b~0c additionalProperties');
rejects('an extra top-level property whose name holds a newline', '/a\nb', set(1), '/a\nb additionalProperties');

/* ---- $schema and schemaVersion -------------------------------------------------------------- */

for (const url of [
  'https://atrium.dev/schemas/module-manifest/v2.json',
  'http://atrium.dev/schemas/module-manifest/v1.json',
  'https://atrium.dev/schemas/module-manifest/v1.json#',
  'https://atrium.dev/schemas/module-manifest/v1',
  'https://json-schema.org/draft/2020-12/schema',
  '',
]) {
  rejects(`$schema ${show(url)}`, '/$schema', set(url), '/$schema const');
}
rejects('$schema as a number', '/$schema', set(1), '/$schema type', '/$schema const');
rejects('schemaVersion 2', '/schemaVersion', set(2), '/schemaVersion const');
rejects('schemaVersion 0', '/schemaVersion', set(0), '/schemaVersion const');
rejects('schemaVersion "1"', '/schemaVersion', set('1'), '/schemaVersion type', '/schemaVersion const');
rejects('schemaVersion 1.5', '/schemaVersion', set(1.5), '/schemaVersion type', '/schemaVersion const');

/* ---- lengths: every limit of section 8, at the limit and one past it ---------------------- */

interface Limit {
  label: string;
  pointer: string;
  min: number;
  max: number;
  /** Builds a string of n characters that is otherwise valid for the field. */
  make?: (n: number, char: string) => string;
  /** false when the field's pattern admits only ASCII, so astral characters are not a length test. */
  astral?: boolean;
}

const path = (n: number, char: string): string => `/${char.repeat(n - 1)}`;
const idOf = (n: number): string => 'a'.repeat(n);

const limits: Limit[] = [
  { label: 'an id', pointer: '/id', min: 1, max: 128, make: idOf, astral: false },
  { label: 'a name', pointer: '/name', min: 1, max: 256 },
  { label: 'a version', pointer: '/version', min: 1, max: 64 },
  { label: 'a description', pointer: '/description', min: 0, max: 2048 },
  { label: 'a spec', pointer: '/spec', min: 0, max: 512 },
  { label: 'an aiRules', pointer: '/aiRules', min: 0, max: 512 },
  { label: 'a permission name', pointer: '/permissions/0/name', min: 1, max: 256 },
  { label: 'a permission owner', pointer: '/permissions/0/owner', min: 1, max: 128, make: idOf, astral: false },
  { label: 'a menu title', pointer: '/menus/0/title', min: 1, max: 256 },
  { label: 'a menu path', pointer: '/menus/0/path', min: 1, max: 256, make: path },
  { label: 'a menu component', pointer: '/menus/0/component', min: 1, max: 512 },
  { label: 'a generation templateId', pointer: '/generation/templateId', min: 1, max: 64 },
  { label: 'a generation templateVersion', pointer: '/generation/templateVersion', min: 1, max: 64 },
  { label: 'a generation sourceTable', pointer: '/generation/sourceTable', min: 1, max: 128 },
  { label: 'a generation className', pointer: '/generation/className', min: 1, max: 128, make: (n) => `C${'x'.repeat(n - 1)}`, astral: false },
  { label: 'a generation resourcePath', pointer: '/generation/resourcePath', min: 1, max: 256, make: path },
  { label: 'a generation routeModule', pointer: '/generation/routeModule', min: 1, max: 512 },
];

for (const { label, pointer, min, max, make = (n: number, c: string): string => c.repeat(n), astral = true } of limits) {
  accepts(`${label} of ${max} characters`, pointer, make(max, 'x'));
  // A pattern field that is too long breaks its pattern's length bound as well.
  const tooLong = make === idOf ? ['maxLength', 'pattern'] : ['maxLength'];
  rejects(`${label} of ${max + 1} characters`, pointer, set(make(max + 1, 'x')), ...tooLong.map((rule) => `${pointer} ${rule}`));
  if (min === 1) {
    accepts(`${label} of 1 character`, pointer, make(1, 'x'));
    // id, owner and className have a pattern that also refuses the empty string; path needs a "/".
    const emptyRules = make === idOf ? ['minLength', 'pattern'] : make === path || label.includes('className') ? ['pattern'] : ['minLength'];
    rejects(`${label} of 0 characters`, pointer, set(''), ...emptyRules.map((rule) => `${pointer} ${rule}`));
  } else {
    accepts(`${label} of 0 characters`, pointer, '');
  }
  if (astral) {
    // Lengths count characters (code points): each emoji is one, though it is two UTF-16 units.
    accepts(`${label} of ${max} emoji`, pointer, make(max, EMOJI));
    rejects(`${label} of ${max + 1} emoji`, pointer, set(make(max + 1, EMOJI)), `${pointer} maxLength`);
  }
}

/* ---- types: strings, and which fields admit null -------------------------------------------- */

for (const field of ['description', 'spec', 'aiRules', 'generation']) accepts(`${field} null`, `/${field}`, null);
for (const field of ['id', 'name', 'version']) rejects(`${field} null`, `/${field}`, set(null), `/${field} type`);
for (const field of ['description', 'spec', 'aiRules']) rejects(`${field} as a number`, `/${field}`, set(5), `/${field} type`);
rejects('a version given as a number', '/version', set(1), '/version type');
accepts('a version that is not semver (version is free-form)', '/version', 'nightly build 7');

/* ---- the id pattern, for the manifest id and a permission owner ----------------------------- */

const goodIds = ['a', 'users', 'a-', 'a1', 'user-roles-2', 'z0-9'];
const badIds = ['A', 'Users', '1a', '-a', 'a_b', 'a.b', 'a b', ' a', '\u00e9t\u00e9', 'a\n', 'a:b'];
for (const [label, pointer] of [
  ['an id', '/id'],
  ['a permission owner', '/permissions/0/owner'],
]) {
  for (const id of goodIds) accepts(`${label} ${show(id)}`, pointer, id);
  for (const id of badIds) rejects(`${label} ${show(id)}`, pointer, set(id), `${pointer} pattern`);
}

/* ---- permission codes, for a permission code and a menu permission -------------------------- */

const goodCodes = ['users:user:read', 'a:b:c', 'A1:b_2:c-3', 'Z:z_:y-'];
const badCodes = ['users:user', 'a:b:c:d', '1a:b:c', 'a::c', ':a:b', 'a:b:', 'a:b:c ', 'a:b:_c', 'a:-b:c', '\u00e9:b:c', 'a:b:c\n', 'a.b.c', ''];
for (const [label, pointer] of [
  ['a permission code', '/permissions/0/code'],
  ['a menu permission', '/menus/0/permission'],
]) {
  for (const code of goodCodes) accepts(`${label} ${show(code)}`, pointer, code);
  for (const code of badCodes) rejects(`${label} ${show(code)}`, pointer, set(code), `${pointer} pattern`);
}

/* ---- paths, for a menu path and a generation resourcePath ----------------------------------- */

const goodPaths = ['/', '/system/users', '/a/.b', '/a.b/c', '/a/./b', `/${EMOJI}`, '/a b'];
const badPaths: Array<[string, string]> = [
  ['system/users', 'without a leading /'],
  ['\\system', 'starting with a backslash'],
  ['/a\\b', 'with a backslash'],
  ['/a/../b', 'with ..'],
  ['/..', 'ending in ..'],
  ['/a..b', 'with .. inside a segment'],
  ['/a\n..', 'with .. after a newline'],
  [' /a', 'with a space before the /'],
];
for (const [label, pointer] of [
  ['a menu path', '/menus/0/path'],
  ['a generation resourcePath', '/generation/resourcePath'],
]) {
  for (const value of goodPaths) accepts(`${label} ${show(value)}`, pointer, value);
  for (const [value, what] of badPaths) rejects(`${label} ${what} (${show(value)})`, pointer, set(value), `${pointer} pattern`);
}

/* ---- className and scope -------------------------------------------------------------------- */

for (const name of ['User', 'user', 'User2', 'A', 'SysUserRole']) accepts(`a className ${show(name)}`, '/generation/className', name);
for (const name of ['1User', 'User_Name', 'User-Name', 'Us\u00e9r', 'User Name', '_User', 'User.'])
  rejects(`a className ${show(name)}`, '/generation/className', set(name), '/generation/className pattern');

for (const scope of ['global', 'tenant', 'row']) accepts(`a permission scope ${show(scope)}`, '/permissions/0/scope', scope);
for (const scope of ['GLOBAL', 'all', 'rows', ''])
  rejects(`a permission scope ${show(scope)}`, '/permissions/0/scope', set(scope), '/permissions/0/scope enum');
rejects('a permission scope null', '/permissions/0/scope', set(null), '/permissions/0/scope type', '/permissions/0/scope enum');

/* ---- string sets ---------------------------------------------------------------------------- */

for (const field of ['dependsOn', 'capabilities', 'migrations', 'publicApis', 'spi']) {
  const at = `/${field}`;
  accepts(`an empty ${field}`, at, []);
  accepts(`${field} with two different items`, at, ['x', 'y']);
  rejects(`${field} with a duplicate item`, at, set(['x', 'y', 'x']), `${at}/2 uniqueItems`);
  rejects(`${field} with an empty item`, at, set(['x', '']), `${at}/1 minLength`);
  rejects(`${field} with a number item`, at, set(['x', 1]), `${at}/1 type`);
  rejects(`${field} as a string`, at, set('x'), `${at} type`);
  rejects(`${field} null`, at, set(null), `${at} type`);
}

/* ---- permission and menu objects ------------------------------------------------------------ */

const objects = [
  { label: 'permission', field: 'permissions', item: PERMISSION, other: { ...PERMISSION, code: 'users:user:write' } },
  { label: 'menu', field: 'menus', item: MENU, other: { ...MENU, path: '/system/users/new' } },
] as const;
for (const { label, field, item, other } of objects) {
  const at = `/${field}`;
  accepts(`an empty ${field}`, at, []);
  accepts(`two different ${field}`, at, [item, other]);
  rejects(`a duplicate ${label}`, at, set([item, other, item]), `${at}/2 uniqueItems`);
  const reordered = Object.fromEntries(Object.entries(item).reverse());
  rejects(`a duplicate ${label} with its fields in another order`, at, set([item, reordered]), `${at}/1 uniqueItems`);
  for (const key of Object.keys(item)) {
    rejects(`a ${label} without ${key}`, `${at}/0/${key}`, remove, `${at}/0/${key} required`);
  }
  rejects(`a ${label} with an extra property`, `${at}/0/extra`, set(true), `${at}/0/extra additionalProperties`);
  rejects(`a ${label} given as a string`, `${at}/0`, set('x'), `${at}/0 type`);
  rejects(`${field} given as an object`, at, set(item), `${at} type`);
}

/* ---- generation: exactly one of null or a generation object --------------------------------- */

accepts('a generation object with all six fields', '/generation', GENERATION);
for (const key of Object.keys(GENERATION)) {
  rejects(`a generation without ${key}`, `/generation/${key}`, remove, `/generation/${key} required`);
}
rejects('a generation with an extra property', '/generation/extra', set('x'), '/generation/extra additionalProperties');
rejects('an empty generation object', '/generation', set({}), ...Object.keys(GENERATION).map((key) => `/generation/${key} required`));
for (const value of ['crud', [], 1, true]) rejects(`a generation given as ${show(value)}`, '/generation', set(value), '/generation type');

export const MANIFEST_CORPUS: readonly CorpusCase[] = cases;
