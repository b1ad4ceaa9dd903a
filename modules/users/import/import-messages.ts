import { KernelErrors, type ErrorDefinition } from '@atrium/kernel';
import { UserErrors } from '../errors';
import type { ImportColumn } from './import-columns';

/** What a spreadsheet row can get wrong before UserService is asked: the rules of the sheet itself. */
export type RowProblemKind =
  'required' | 'exists' | 'outOfScope' | 'passwordRequired' | 'duplicateInFile' | 'status' | 'noDepartment' | 'ambiguousDepartment' | 'noRole';

/** The column, the problem, and the value it is about (a cell, or the row of the first duplicate). */
export type RowProblem = readonly [ImportColumn, RowProblemKind, string?];

interface RowMessage {
  /** The catalogued code the failure carries, as the API would answer the same refusal. */
  definition: ErrorDefinition;
  text: { en: (value: string) => string; zh: (value: string) => string };
}

const { VALIDATION_FAILED_400, PERM_DENIED_403 } = KernelErrors;

/** Each problem in both languages: a failure is told in the uploader's (the Accept-Language of the upload). */
export const ROW_MESSAGES: Readonly<Record<RowProblemKind, RowMessage>> = {
  required: { definition: VALIDATION_FAILED_400, text: { en: () => 'is required', zh: () => '必填' } },
  exists: {
    definition: UserErrors.SYSTEM_USER_DUPLICATED_409,
    text: {
      en: () => 'a user with this username exists (import with "update existing users" to update it)',
      zh: () => '该用户名已存在（勾选“更新已有用户”才会更新它）',
    },
  },
  outOfScope: {
    definition: PERM_DENIED_403,
    text: { en: () => 'the user with this username is outside your data scope', zh: () => '该用户名的用户不在您的数据权限范围内' },
  },
  passwordRequired: {
    definition: VALIDATION_FAILED_400,
    text: { en: () => 'is required for a new user when the upload gives no initial password', zh: () => '上传时未给出初始密码，新用户必须填写密码' },
  },
  duplicateInFile: {
    definition: VALIDATION_FAILED_400,
    text: { en: (row) => `the same username is in row ${row} already`, zh: (row) => `同一用户名已出现在第 ${row} 行` },
  },
  status: {
    definition: VALIDATION_FAILED_400,
    text: { en: (value) => `"${value}" is not a status: write active or disabled`, zh: (value) => `“${value}”不是有效状态：请填写启用或停用` },
  },
  noDepartment: {
    definition: VALIDATION_FAILED_400,
    text: { en: (value) => `no department "${value}"`, zh: (value) => `部门“${value}”不存在` },
  },
  ambiguousDepartment: {
    definition: VALIDATION_FAILED_400,
    text: {
      en: (value) => `several departments are called "${value}": write its path from the top, e.g. Head office / ${value}`,
      zh: (value) => `有多个部门名为“${value}”：请写出从顶层起的路径，例如 总部 / ${value}`,
    },
  },
  noRole: { definition: VALIDATION_FAILED_400, text: { en: (value) => `no role with the code ${value}`, zh: (value) => `角色编码 ${value} 不存在` } },
};
