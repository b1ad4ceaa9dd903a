import {
  AppError,
  DEFAULT_TENANT_ID,
  KernelErrors,
  compileValueValidator,
  currentTenantId,
  inject,
  injectable,
  permissionGrants,
  type ModuleContext,
  type Validator,
} from '@atrium/kernel';
import { TaskHandlerSpi, type DefaultSchedule, type TaskHandler } from './api';
import { TaskErrors } from './errors';
import { TasksContext } from './tasks-context';

/** `<area>.<action>`: lowercase, e.g. `audit.purge`, `system.sleep`. */
export const TYPE_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9.-]*$/;
export const TYPE_MAX_LENGTH = 100;
/** Where `POST /tasks` carries the payload. */
export const SUBMITTED_PAYLOAD = '/body/payload';

/** A task type as `GET /tasks/types` shows it. */
export interface TaskTypeView {
  type: string;
  title: string;
  description: string | null;
  permission: string;
  payloadSchema: unknown;
  reportsProgress: boolean;
}

type PermissionDeclaration = NonNullable<ModuleContext['manifest']['permissions']>[number];

interface Registry {
  byType: Map<string, TaskHandler>;
  /** The platform's types: their permission is of scope global (see `inPlatformTenant`). */
  platform: Set<string>;
  /** One line per contribution that cannot be used, naming its type. */
  problems: string[];
  /** The module contributing each type. */
  contributors: Map<string, string>;
}

/**
 * The task types the enabled modules contribute through `tasks.handler`, read afresh on every
 * call: disabling a module withdraws its types at once. A type name is unique: the first in
 * load order keeps it, and the boot (or enabling the tasks module) is refused while two
 * contributions claim one name.
 */
@injectable()
export class TaskTypes {
  private readonly validators = new WeakMap<TaskHandler, Map<string, Validator>>();
  private readonly reported = new Set<string>();

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {}

  /** Throws, naming every problem, when a contribution is malformed or a type is claimed twice. */
  assertValid(): void {
    const { problems } = this.registry();
    if (problems.length > 0) throw new Error(`task types cannot be registered:\n  ${problems.join('\n  ')}`);
  }

  /** The handler of a registered type. */
  handler(type: string): TaskHandler | undefined {
    return this.registry().byType.get(type);
  }

  /**
   * Holds a submission's type and payload to the registered types: 400 TASK_TYPE_UNKNOWN_400
   * naming the `type` beside the payload, or 400 VALIDATION_FAILED_400 naming what is wrong
   * under `pointer` (the payload's JSON pointer, e.g. `/body/payload`). The payload gets the
   * defaults its schema declares. A platform type outside the default tenant is 403
   * PERM_DENIED_403 (`inPlatformTenant`).
   */
  check(type: string, payload: unknown, pointer: string): void {
    const field = `${pointer.slice(0, pointer.lastIndexOf('/'))}/type`;
    const { byType, platform } = this.registry();
    const handler = byType.get(type);
    if (!handler) throw unknownType(type, field);
    if (platform.has(type) && !inPlatformTenant()) throw platformOnly(handler, field);
    this.validator(handler, pointer)(payload);
  }

  /**
   * 403 PERM_DENIED_403 naming the type's permission unless one of `granted` covers it (400
   * TASK_TYPE_UNKNOWN_400 naming `field` when no module registers the type: its permission is
   * then unknown, and nothing of it may run).
   */
  authorise(type: string, granted: readonly string[], field: string): void {
    const handler = this.handler(type);
    if (!handler) throw unknownType(type, field);
    if (granted.some((code) => permissionGrants(code, handler.permission))) return;
    throw new AppError(KernelErrors.PERM_DENIED_403, {
      details: [
        {
          field,
          rule: 'task-permission',
          message: `task type ${JSON.stringify(type)} needs the permission ${handler.permission}`,
          permission: handler.permission,
        },
      ],
    });
  }

  /**
   * The schedules registered types come with, and the module of each. Declared on a type that is
   * not the platform's, a default schedule is ignored, and said so once in the log: a tenant's
   * type would need one per tenant, made as tenants come.
   */
  defaultSchedules(): { handler: TaskHandler & { defaultSchedule: DefaultSchedule }; moduleId: string }[] {
    const { byType, platform, contributors } = this.registry();
    const declared = [...byType.values()].filter((h): h is TaskHandler & { defaultSchedule: DefaultSchedule } => h.defaultSchedule !== undefined);
    const problems = declared
      .filter((h) => !platform.has(h.type))
      .map((h) => `task type "${h.type}" declares a default schedule but is not a platform type (its permission is not of scope global)`);
    this.report(problems, 'a default schedule is ignored');
    return declared.filter((h) => platform.has(h.type)).map((handler) => ({ handler, moduleId: contributors.get(handler.type)! }));
  }

  /** The types the current tenant may submit: the platform's are the default tenant's only. */
  list(): TaskTypeView[] {
    const { byType, platform } = this.registry();
    const everything = inPlatformTenant();
    return [...byType.values()]
      .filter((h) => everything || !platform.has(h.type))
      .map((h) => ({
        type: h.type,
        title: h.title,
        description: h.description ?? null,
        permission: h.permission,
        payloadSchema: h.payload,
        reportsProgress: h.reportsProgress === true,
      }))
      .sort((a, b) => a.type.localeCompare(b.type));
  }

  private validator(handler: TaskHandler, pointer: string): Validator {
    let byPointer = this.validators.get(handler);
    if (!byPointer) this.validators.set(handler, (byPointer = new Map()));
    let validate = byPointer.get(pointer);
    if (!validate) byPointer.set(pointer, (validate = compileValueValidator(handler.payload, pointer)));
    return validate;
  }

  private registry(): Registry {
    const byType = new Map<string, TaskHandler>();
    const platform = new Set<string>();
    const problems: string[] = [];
    const contributors = new Map<string, string>();
    for (const { manifest, contribution } of this.ctx.contributors(TaskHandlerSpi)) {
      for (const handler of contribution.handlers ?? []) {
        const problem =
          malformed(handler) ??
          this.undeclared(handler, manifest) ??
          this.uncompilable(handler) ??
          (byType.has(handler.type) ? duplicate(byType.get(handler.type)!, handler) : undefined);
        if (problem) {
          problems.push(problem);
          continue;
        }
        byType.set(handler.type, handler);
        contributors.set(handler.type, manifest.id);
        if (this.declaration(handler, manifest)?.scope === 'global') platform.add(handler.type);
      }
    }
    this.report(problems);
    return { byType, platform, problems, contributors };
  }

  /**
   * A type's permission is one its module declares (so it is synced, listed and grantable), or
   * one of the tasks module's own, which every contributor depends on.
   */
  private declaration(handler: TaskHandler, contributor: ModuleContext['manifest']): PermissionDeclaration | undefined {
    return [...(contributor.permissions ?? []), ...(this.ctx.manifest.permissions ?? [])].find((p) => p.code === handler.permission);
  }

  private undeclared(handler: TaskHandler, contributor: ModuleContext['manifest']): string | undefined {
    if (this.declaration(handler, contributor)) return undefined;
    return `task type "${handler.type}" needs the permission ${JSON.stringify(handler.permission)}, which neither module "${contributor.id}" nor "${this.ctx.id}" declares in its manifest`;
  }

  /** A payload schema ajv cannot compile would fail every submission of its type. */
  private uncompilable(handler: TaskHandler): string | undefined {
    try {
      this.validator(handler, SUBMITTED_PAYLOAD);
      return undefined;
    } catch (error) {
      return `task type "${handler.type}" has a payload schema that does not compile: ${(error as Error).message}`;
    }
  }

  /** A module enabled at run time can bring a bad contribution: said once, in the log. */
  private report(problems: readonly string[], what = 'a task type contribution is ignored'): void {
    for (const problem of problems) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.ctx.log.error({ problem }, what);
    }
  }
}

function malformed(handler: TaskHandler): string | undefined {
  const name = JSON.stringify(handler?.type);
  if (typeof handler?.type !== 'string' || handler.type.length > TYPE_MAX_LENGTH || !TYPE_NAME.test(handler.type)) {
    return `task type ${name} must look like "<area>.<action>" (lowercase letters, digits, "-" and ".", at most ${TYPE_MAX_LENGTH} characters)`;
  }
  if (typeof handler.title !== 'string' || handler.title.trim() === '') return `task type ${name} has no title`;
  if (typeof handler.permission !== 'string' || handler.permission === '') return `task type ${name} declares no permission (the one needed to submit it)`;
  if (typeof handler.payload !== 'object' || handler.payload === null) return `task type ${name} has no payload schema`;
  if (typeof handler.run !== 'function') return `task type ${name} has no run function`;
  return undefined;
}

/**
 * Whether the current work may submit the platform's types: those whose permission is of scope
 * global (`assets.cleanup`, `audit.purge`), whose handlers reach every tenant's rows (with
 * runAsPlatform, for what needs it). Their tasks live and run in the default tenant only. A
 * tenant's users cannot hold such a permission; this also keeps out a platform administrator
 * switched into a tenant, and code submitting there, so no tenant sees such a task or its
 * result. Platform work (no tenant named) inserts into the default tenant.
 */
function inPlatformTenant(): boolean {
  const tenantId = currentTenantId();
  return tenantId === undefined || tenantId === DEFAULT_TENANT_ID;
}

function platformOnly(handler: TaskHandler, field: string): AppError {
  return new AppError(KernelErrors.PERM_DENIED_403, {
    details: [
      {
        field,
        rule: 'platform-task',
        message: `task type ${JSON.stringify(handler.type)} is the platform's: only the default tenant submits it`,
        permission: handler.permission,
      },
    ],
  });
}

function unknownType(type: string, field: string): AppError {
  return new AppError(TaskErrors.TASK_TYPE_UNKNOWN_400, {
    details: [{ field, rule: 'registered', message: `no task type ${JSON.stringify(type)} is registered: see GET /tasks/types` }],
  });
}

function duplicate(first: TaskHandler, second: TaskHandler): string {
  return `task type "${second.type}" is contributed twice ("${first.title}" and "${second.title}"): type names must be unique across modules`;
}
