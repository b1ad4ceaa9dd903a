import { Type, named } from '@atrium/kernel';

/** The manifest's rules (contract 2.5), so a menu made through the API is one a manifest could declare. */
const PERMISSION_CODE = '^[A-Za-z][A-Za-z0-9_-]*:[A-Za-z][A-Za-z0-9_-]*:[A-Za-z][A-Za-z0-9_-]*$';
const MENU_PATH = '^/(?![\\s\\S]*\\.\\.)[^\\\\]*$';

const menuType = (options = {}) => Type.Union([Type.Literal('directory'), Type.Literal('menu'), Type.Literal('button')], options);
const parentId = (options = {}) => Type.Union([Type.String({ format: 'uuid' }), Type.Null()], options);
const icon = (options = {}) => Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()], options);
const sort = (options = {}) => Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, ...options });
const visible = (options = {}) => Type.Boolean(options);
const title = Type.String({ minLength: 1, maxLength: 256 });
/** The title in other languages, each held to the title's rules; no language the kernel does not speak. */
const titles = (options = {}) =>
  Type.Object(
    { en: Type.Optional(title), zh: Type.Optional(title) },
    { additionalProperties: false, description: 'The title per language; a language left out shows `title`.', ...options },
  );
const path = Type.String({ minLength: 1, maxLength: 256, pattern: MENU_PATH, description: 'Starts with `/`; no backslash, no `..`.' });
const component = Type.String({ minLength: 1, maxLength: 512 });
const permission = Type.String({ maxLength: 200, pattern: PERMISSION_CODE, description: 'A well-formed permission code; no module need declare it.' });

export const MenuTypeSchema = menuType();

const menuFields = {
  id: Type.String({ format: 'uuid' }),
  parentId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  title: Type.String({ description: 'As stored: the title of any language `titles` leaves out.' }),
  titles: titles(),
  path: Type.String(),
  component: Type.String(),
  permission: Type.String(),
  type: MenuTypeSchema,
  icon: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
  visible: Type.Boolean(),
  moduleId: Type.Union([Type.String(), Type.Null()], { description: 'The module whose manifest declares it; null for menus made through the API.' }),
};

/** What a node of `GET /menus/tree` carries besides its children. */
export const MENU_NODE_FIELDS = Object.keys(menuFields);

export const MenuSchema = named(
  'Menu',
  Type.Object({
    ...menuFields,
    version: Type.Integer({ minimum: 1 }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  }),
);

export const CreateMenuBody = named(
  'MenuCreate',
  Type.Object({
    parentId: Type.Optional(parentId({ default: null })),
    title,
    titles: Type.Optional(titles({ default: {} })),
    path,
    component,
    permission,
    type: Type.Optional(menuType({ default: 'menu' })),
    icon: Type.Optional(icon({ default: null })),
    sort: Type.Optional(sort({ default: 0 })),
    visible: Type.Optional(visible({ default: true })),
  }),
);

/** Every field but `version` may be left out: what is left out keeps its value. */
export const UpdateMenuBody = named(
  'MenuUpdate',
  Type.Object({
    parentId: Type.Optional(parentId()),
    title: Type.Optional(title),
    // Replaces every translation: a language left out of it has none any more.
    titles: Type.Optional(titles()),
    path: Type.Optional(path),
    component: Type.Optional(component),
    permission: Type.Optional(permission),
    type: Type.Optional(menuType()),
    icon: Type.Optional(icon()),
    sort: Type.Optional(sort()),
    visible: Type.Optional(visible()),
    version: Type.Integer({ minimum: 1 }),
  }),
);
