/** The codes the audit API checks (modules/audit/README.md): exporting and reading one operation are apart from listing. */
export const AUDIT_PERMISSIONS = {
  loginExport: 'audit:login:export',
  operationQuery: 'audit:operation:query',
  operationExport: 'audit:operation:export',
} as const;

/** A login attempt, as GET /audit/logins lists it. */
export interface LoginRecord {
  id: string;
  username: string;
  userId: string | null;
  ip: string;
  userAgent: string;
  success: boolean;
  reason: string;
  at: string;
}

/** An audited request, as GET /audit/operations lists it. */
export interface OperationRecord {
  id: string;
  userId: string | null;
  username: string | null;
  moduleId: string | null;
  permission: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  traceId: string;
  ip: string;
  at: string;
}

/** What a request changed: one record before and after. */
export interface ChangeRecord {
  resource: string;
  id: string;
  action: 'create' | 'update' | 'delete';
  before: unknown;
  after: unknown;
}

/** One audited request, as GET /audit/operations/{id} answers it. */
export interface OperationDetail extends OperationRecord {
  userAgent: string;
  body: unknown;
  changes: ChangeRecord[];
}
