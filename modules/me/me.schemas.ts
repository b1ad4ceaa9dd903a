import { Type, named } from '@atrium/kernel';

/** The caller as users knows them: never a password or a hash. */
export const IdentitySchema = named(
  'MeUser',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    username: Type.String(),
    nickname: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
    deptId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    roleIds: Type.Array(Type.String({ format: 'uuid' })),
    postIds: Type.Array(Type.String({ format: 'uuid' })),
  }),
);

export const MeSchema = named(
  'Me',
  Type.Object({
    user: IdentitySchema,
    tenant: Type.Object(
      { id: Type.String({ format: 'uuid' }), code: Type.String(), name: Type.String() },
      { description: 'The tenant the caller signed in to; `default` on an installation with one tenant.' },
    ),
    roles: Type.Array(Type.String(), { description: "Codes of the caller's active roles." }),
    permissions: Type.Array(Type.String(), { description: 'Permission codes the caller holds; a segment may be `*`.' }),
    dataScope: Type.Object(
      {
        all: Type.Boolean({ description: 'Every row.' }),
        deptIds: Type.Array(Type.String(), { description: 'Rows of these departments.' }),
        self: Type.Boolean({ description: 'Rows the caller owns.' }),
      },
      { description: "The rows row-scoped permissions let the caller see: the union of their active roles' data scopes." },
    ),
  }),
);

/** A menu and the menus under it, to any depth. */
export const MenuNodeSchema = named(
  'MeMenuNode',
  Type.Recursive(
    (Node) =>
      Type.Object({
        id: Type.String(),
        parentId: Type.Union([Type.String(), Type.Null()]),
        title: Type.String({ description: "In the caller's language (Accept-Language) when the menu has a title in it; else the menu's stored title." }),
        path: Type.String(),
        component: Type.String(),
        permission: Type.String(),
        type: Type.Union([Type.Literal('directory'), Type.Literal('menu'), Type.Literal('button')]),
        icon: Type.Union([Type.String(), Type.Null()]),
        sort: Type.Integer(),
        visible: Type.Boolean(),
        moduleId: Type.Union([Type.String(), Type.Null()], { description: 'The module that declared it; null for menus made through the API.' }),
        children: Type.Array(Node),
      }),
    // The catalog holds every route's schemas in one document: the id must be unique in it.
    { $id: 'MeMenuNode' },
  ),
);

export const MySessionSchema = named(
  'MySession',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    ip: Type.String(),
    userAgent: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastSeenAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'The session of the token this request was sent with.' }),
  }),
);
