import { AppError, KernelErrors, UNSCOPED, isUuid, type EntityManager, type ErrorDefinition, type ModuleContext } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { RoleDirectoryApi } from '@atrium/module/roles';
import { userInScope, type Caller } from '../access-rules';
import { normaliseUsername } from '../normalisation';
import { passwordPolicyProblems } from '../password-policy';
import { UserEntity } from '../user.entity';
import type { UserChanges, UserService } from '../user.service';
import { statusOfCell, type ImportColumn, type ImportLanguage } from './import-columns';
import { ROW_MESSAGES, type RowProblem } from './import-messages';
import type { ImportFailure } from './import-store';
import type { SheetRow } from './import-workbook';

export interface RowOptions {
  caller: Caller;
  updateExisting: boolean;
  initialPassword: string | null;
  language: ImportLanguage;
}

export type RowOutcome = { kind: 'created' | 'updated' } | { kind: 'failed'; failures: ImportFailure[] };

/** A problem found before the write: thrown by the steps below, reported as the row's failures. */
class RowRefused extends Error {
  constructor(readonly failures: ImportFailure[]) {
    super('row refused');
  }
}

/** The request field each service detail names, as the column it came from. */
const COLUMN_OF_FIELD: Readonly<Record<string, ImportColumn>> = {
  '/body/username': 'username',
  '/body/password': 'password',
  '/body/nickname': 'nickname',
  '/body/email': 'email',
  '/body/phone': 'phone',
  '/body/status': 'status',
  '/body/deptId': 'department',
  '/body/roleIds': 'roles',
};

/**
 * Turns sheet rows into creates and updates through UserService, the code path of POST /users
 * and PUT /users/{id}: the same normalisation, password policy, references, data scope,
 * escalation and outranking checks, unique indexes and tenant user limit. What this adds is only
 * what a spreadsheet needs: names instead of ids (departments by name path, roles by code),
 * duplicates within the file, and finding the user a row updates.
 */
export class RowImporter {
  /** Each normalised username of the file and the first row that has it. */
  private readonly seen = new Map<string, number>();
  private readonly departments = new Map<string, Promise<string[]>>();
  private readonly roles = new Map<string, Promise<string | null>>();

  constructor(
    readonly ctx: ModuleContext,
    private readonly options: RowOptions,
  ) {}

  /** Remembers a row settled by an earlier attempt, so a later duplicate of it is still caught. */
  remember(row: SheetRow): void {
    const username = normaliseUsername(row.cells.username ?? '');
    if (username.ok && !this.seen.has(username.value)) this.seen.set(username.value, row.row);
  }

  /** Writes the row with `users` (bound to the caller's transaction) or says why not; other errors are thrown. */
  async import(row: SheetRow, em: EntityManager, users: UserService): Promise<RowOutcome> {
    try {
      const username = this.username(row);
      const existing = await em.findOne(UserEntity, { username }, UNSCOPED);
      const changes = await this.changes(row);
      if (existing) {
        if (!this.options.updateExisting) throw this.refused(row, [['username', 'exists']]);
        // The task runs outside any request, so the data scope the route would apply is applied here.
        if (!userInScope(this.options.caller, existing)) throw this.refused(row, [['username', 'outOfScope']]);
        await users.update(this.options.caller, existing.id, changes, existing.version);
        return { kind: 'updated' };
      }
      const password = row.cells.password ?? this.options.initialPassword;
      if (password === null) throw this.refused(row, [['password', 'passwordRequired']]);
      const policy = await passwordPolicyProblems(this.ctx, password, '/body/password');
      if (policy.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: policy });
      await users.create(this.options.caller, { username, password, ...changes });
      return { kind: 'created' };
    } catch (error) {
      if (error instanceof RowRefused) return { kind: 'failed', failures: error.failures };
      if (error instanceof AppError) return { kind: 'failed', failures: this.failuresOf(row, error) };
      throw error;
    }
  }

  private username(row: SheetRow): string {
    const cell = row.cells.username;
    if (cell === undefined) throw this.refused(row, [['username', 'required']]);
    const checked = normaliseUsername(cell);
    if (!checked.ok) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/username', message: checked.reason }] });
    const first = this.seen.get(checked.value);
    if (first !== undefined) throw this.refused(row, [['username', 'duplicateInFile', String(first)]]);
    this.seen.set(checked.value, row.row);
    return checked.value;
  }

  /** The row's fields as UserService takes them; a blank cell leaves the field out (unchanged, or the default). */
  private async changes(row: SheetRow): Promise<UserChanges> {
    const { nickname, email, phone, status, department, roles } = row.cells;
    const problems: RowProblem[] = [];
    const changes: UserChanges = { nickname, email, phone };
    if (status !== undefined) {
      changes.status = statusOfCell(status);
      if (!changes.status) problems.push(['status', 'status', status]);
    }
    if (department !== undefined) {
      const ids = await this.department(department);
      if (ids.length === 1) changes.deptId = ids[0];
      else problems.push(['department', ids.length === 0 ? 'noDepartment' : 'ambiguousDepartment', department]);
    }
    if (roles !== undefined) {
      const codes = [
        ...new Set(
          roles
            .split(/[,，;；]/)
            .map((code) => code.trim())
            .filter(Boolean),
        ),
      ];
      const ids = await Promise.all(codes.map((code) => this.role(code)));
      const unknown = codes.filter((_code, index) => ids[index] === null);
      if (unknown.length > 0) problems.push(['roles', 'noRole', unknown.join(', ')]);
      else changes.roleIds = ids as string[];
    }
    if (problems.length > 0) throw this.refused(row, problems);
    return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  }

  /** A department id as written, or the departments its name path (`Head office / Sales`) ends at. */
  private department(text: string): Promise<string[]> {
    let found = this.departments.get(text);
    if (!found) {
      found = isUuid(text.trim()) ? Promise.resolve([text.trim()]) : this.ctx.use(DepartmentTreeApi).findByPath(text.split('/'));
      this.departments.set(text, found);
    }
    return found;
  }

  private role(code: string): Promise<string | null> {
    const key = code.toLowerCase();
    let found = this.roles.get(key);
    if (!found) {
      found = this.ctx
        .use(RoleDirectoryApi)
        .findByCode(code)
        .then((role) => role?.id ?? null);
      this.roles.set(key, found);
    }
    return found;
  }

  private refused(row: SheetRow, problems: readonly RowProblem[]): RowRefused {
    const { language } = this.options;
    return new RowRefused(
      problems.map(([field, problem, value]) => {
        const { definition, text } = ROW_MESSAGES[problem];
        return { row: row.row, field, code: definition.code, message: text[language](value ?? '') };
      }),
    );
  }

  /** A refusal of the service, one failure per detail, named by column and told in the uploader's language. */
  private failuresOf(row: SheetRow, error: AppError): ImportFailure[] {
    const message = (definition: ErrorDefinition, detail?: string) =>
      detail === undefined ? definition.messages[this.options.language] : this.options.language === 'en' ? detail : `${definition.messages.zh}（${detail}）`;
    if (error.details.length === 0) return [{ row: row.row, field: null, code: error.code, message: message(error.definition) }];
    return error.details.map((detail) => ({
      row: row.row,
      field: (detail.field && COLUMN_OF_FIELD[detail.field]) ?? null,
      code: error.code,
      message: message(error.definition, detail.message),
    }));
  }
}
