import { anyPermissionGrants } from '../auth/permission-match';
import { UNRESTRICTED } from '../auth/row-scope';
import { newId } from '../db/ids';
import { DEFAULT_TENANT_ID } from '../db/tenancy/tenancy-names';
import { routePage } from '../http/pagination';
import type { RouteEntry } from '../http/route-table';
import type { ExportJob, MadeFile } from '../module-api/kernel-capabilities';
import { requestContext } from '../runtime/request-context';
import { labelsFrom, type ValueLabelSource } from '../runtime/value-labels';

export interface ExportMaking {
  /** The live routes: an export is made by the route serving it now, in its module's context. */
  routes(): readonly RouteEntry[];
  scopeOf(permission: string): string | undefined;
  valueLabels(): readonly ValueLabelSource[];
}

/**
 * `kernel.exports.make`: the export's file made by its route's `makeFile`, inside a request
 * context like the one the route's own requests run in — the caller's tenant for the database,
 * their data scope when the permission is row-scoped — so a task's file holds exactly the rows
 * the caller's request would have. The caller's permissions are checked again: an export whose
 * permission was taken from the snapshot cannot be made.
 */
export function makeExportFile(making: ExportMaking, job: ExportJob, onRows?: (written: number) => void): Promise<MadeFile> {
  const entry = making.routes().find(({ route }) => route.method === 'GET' && route.path === job.path && route.makeFile);
  if (!entry) return Promise.reject(new Error(`no export is served at ${job.path}: its module is disabled or gone`));
  const { route, ctx } = entry;
  const permission = route.permission!;
  if (!anyPermissionGrants(job.caller.permissions, permission)) {
    return Promise.reject(new Error(`the export at ${job.path} needs ${permission}, which its caller does not hold`));
  }
  const state = {
    traceId: newId(),
    moduleId: ctx.id,
    permission,
    principal: job.caller,
    tenantId: job.caller.tenantId ?? DEFAULT_TENANT_ID,
    rowScope: making.scopeOf(permission) === 'row' ? (job.caller.rowScope ?? UNRESTRICTED) : undefined,
  };
  const { language, query } = job;
  return requestContext.run(state, () =>
    route.makeFile!(
      {
        params: job.params,
        query,
        page: routePage(route, query),
        language,
        principal: job.caller,
        valueLabels: (code) => labelsFrom(making.valueLabels(), code, language),
        onRows,
      },
      ctx,
    ),
  );
}
