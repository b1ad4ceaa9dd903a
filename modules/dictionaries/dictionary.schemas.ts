import { Type, named } from '@atrium/kernel';
import { DICTIONARY_STATUSES } from './dictionary-type.entity';

export const DictionaryStatus = Type.Union(DICTIONARY_STATUSES.map((s) => Type.Literal(s)));
const Status = DictionaryStatus;
const Id = Type.String({ format: 'uuid' });
const Timestamps = { createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }) };

/** Trimmed before it is stored. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** A text per language (`{ "en": "Active", "zh": "正常" }`); each trimmed before it is stored. */
const PerLanguage = (what: string) =>
  Type.Object(
    { en: Type.Optional(Name), zh: Type.Optional(Name) },
    { additionalProperties: false, description: `The ${what} per language; a language left out shows the stored ${what}.` },
  );
const Labels = PerLanguage('label');
const Names = PerLanguage('name');

export const TypeSchema = named(
  'DictionaryType',
  Type.Object({
    id: Id,
    code: Type.String(),
    name: Type.String(),
    names: Names,
    builtin: Type.Boolean({
      description: 'Declared by a module for the values it stores: the platform’s cannot be deleted, and its code and names are the module’s.',
    }),
    status: Status,
    remark: Type.Union([Type.String(), Type.Null()]),
    inherited: Type.Boolean({
      description:
        'The platform’s dictionary, which the tenant reads but does not change (replace it by creating one with its code); false for the tenant’s own.',
    }),
    version: Type.Integer({ minimum: 1 }),
    ...Timestamps,
  }),
);

export const ItemSchema = named(
  'DictionaryItem',
  Type.Object({
    id: Id,
    label: Type.String({ description: 'The label as stored: what an edit form shows and sends back, and the fallback of a language without its own.' }),
    labels: Labels,
    value: Type.String(),
    sort: Type.Integer(),
    status: Status,
    isDefault: Type.Boolean(),
    remark: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer({ minimum: 1 }),
    ...Timestamps,
  }),
);

/** An item as the items list answers it: with its label in the caller's language. */
export const ListedItemSchema = named(
  'DictionaryListedItem',
  Type.Composite([
    ItemSchema,
    Type.Object({
      displayLabel: Type.String({
        description:
          'The label in the caller’s language (`Accept-Language`): its `labels` entry, else `label`. For showing; an edit form edits `label` and `labels`.',
      }),
    }),
  ]),
);

/** Letters, digits, `_`, `.` and `-`, starting with a letter; unique whatever the case. */
const Code = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', description: 'Unique, whatever the case.' });
/** Stored as sent, so no surrounding spaces that would make two values look like one. */
const Value = Type.String({ minLength: 1, maxLength: 100, pattern: '^\\S(?:.*\\S)?$', description: 'Unique within the dictionary.' });
const Sort = Type.Integer({ minimum: 0, maximum: 999_999 });
const Remark = Type.Union([Type.String({ maxLength: 500 }), Type.Null()]);
const Version = Type.Integer({ minimum: 1, description: 'The version the caller read' });

export const CreateTypeBody = named(
  'DictionaryTypeCreate',
  Type.Object({
    code: Code,
    name: Name,
    names: Type.Optional(Names),
    status: Type.Optional(Status),
    remark: Type.Optional(Remark),
  }),
);

export const UpdateTypeBody = named(
  'DictionaryTypeUpdate',
  Type.Object({
    code: Type.Optional(Code),
    name: Type.Optional(Name),
    names: Type.Optional(Names),
    status: Type.Optional(Status),
    remark: Type.Optional(Remark),
    version: Version,
  }),
);

export const CreateItemBody = named(
  'DictionaryItemCreate',
  Type.Object({
    label: Name,
    labels: Type.Optional(Labels),
    value: Value,
    sort: Type.Optional(Sort),
    status: Type.Optional(Status),
    isDefault: Type.Optional(Type.Boolean()),
    remark: Type.Optional(Remark),
  }),
);

export const UpdateItemBody = named(
  'DictionaryItemUpdate',
  Type.Object({
    label: Type.Optional(Name),
    labels: Type.Optional(Labels),
    value: Type.Optional(Value),
    sort: Type.Optional(Sort),
    status: Type.Optional(Status),
    isDefault: Type.Optional(Type.Boolean()),
    remark: Type.Optional(Remark),
    version: Version,
  }),
);

export const ItemFilterQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of a label (in any language) or of the value' })),
  status: Type.Optional(Status),
});

/** Any code: one that names no dictionary is a 404. */
export const CodeParam = Type.String({ minLength: 1, maxLength: 100 });
export const CodeParams = Type.Object({ code: CodeParam });

/**
 * A `dictionaries.builtin` declaration (api.ts `BuiltinDictionary`): checked when the built-ins
 * are synced, a malformed one refused with the pointer of what is wrong.
 */
export const BuiltinDictionarySchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  name: Type.Object({ en: Name, zh: Name }),
  items: Type.Array(
    Type.Object({
      value: Value,
      labels: Type.Object({ en: Name, zh: Name }),
      sort: Type.Optional(Sort),
      isDefault: Type.Optional(Type.Boolean()),
    }),
    { minItems: 1 },
  ),
});
