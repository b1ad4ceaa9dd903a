import type { UserStatus } from '../api';

/** The columns an import reads, by key: the key is also what a failure names as its `field`. */
export const IMPORT_COLUMNS = ['username', 'password', 'nickname', 'email', 'phone', 'status', 'department', 'roles'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export type ImportLanguage = 'en' | 'zh';

interface ColumnText {
  header: string;
  /** The header cell's note in the template: how to fill the column. */
  note: string;
}

/** The template's headers and notes in each language; an import accepts either language's header, or the key. */
export const COLUMN_TEXT: Readonly<Record<ImportLanguage, Readonly<Record<ImportColumn, ColumnText>>>> = {
  en: {
    username: { header: 'Username', note: 'Required. 3 to 64 of a-z 0-9 . _ - (letter case does not matter).' },
    password: { header: 'Password', note: 'For new users. Blank: the initial password given with the upload. Never changed on existing users.' },
    nickname: { header: 'Nickname', note: 'Blank: the username (new users) or unchanged (existing ones).' },
    email: { header: 'Email', note: 'Optional; unique.' },
    phone: { header: 'Phone', note: 'Optional; unique. Digits, optionally after +.' },
    status: { header: 'Status', note: 'active or disabled. Blank: active (new users) or unchanged.' },
    department: { header: 'Department', note: 'The department name, or its path from the top separated by / (Head office / Sales) when names repeat.' },
    roles: { header: 'Roles', note: 'Role codes separated by commas (admin, auditor).' },
  },
  zh: {
    username: { header: '用户名', note: '必填。3 到 64 个字符：a-z 0-9 . _ -（不区分大小写）。' },
    password: { header: '密码', note: '用于新用户。留空：使用上传时给出的初始密码。不会修改已有用户的密码。' },
    nickname: { header: '昵称', note: '留空：新用户取用户名，已有用户保持不变。' },
    email: { header: '邮箱', note: '可选；不可重复。' },
    phone: { header: '手机号', note: '可选；不可重复。数字，可以 + 开头。' },
    status: { header: '状态', note: '启用或停用（active 或 disabled）。留空：新用户为启用，已有用户保持不变。' },
    department: { header: '部门', note: '部门名称；名称重复时写从顶层起的路径，用 / 分隔（总部 / 销售部）。' },
    roles: { header: '角色', note: '角色编码，用逗号分隔（admin, auditor）。' },
  },
};

/** What each status may be written as: its value, and its label in either language. */
export const STATUS_LABELS: Readonly<Record<ImportLanguage, Readonly<Record<UserStatus, string>>>> = {
  en: { active: 'active', disabled: 'disabled' },
  zh: { active: '启用', disabled: '停用' },
};

const comparable = (text: string) => text.normalize('NFKC').trim().toLowerCase();

const HEADERS: ReadonlyMap<string, ImportColumn> = new Map(
  IMPORT_COLUMNS.flatMap((column) => [column, COLUMN_TEXT.en[column].header, COLUMN_TEXT.zh[column].header].map((text) => [comparable(text), column] as const)),
);

/** The column a header cell names (its key, or its English or Chinese header), or undefined. */
export function columnOfHeader(text: string): ImportColumn | undefined {
  return HEADERS.get(comparable(text));
}

const STATUSES: ReadonlyMap<string, UserStatus> = new Map(
  (['active', 'disabled'] as const).flatMap((status) =>
    [STATUS_LABELS.en[status], STATUS_LABELS.zh[status]].map((label) => [comparable(label), status] as const),
  ),
);

/** The status a cell names, or undefined when it names none. */
export function statusOfCell(text: string): UserStatus | undefined {
  return STATUSES.get(comparable(text));
}
