import { sheetColumns, type ExportColumn } from '@atrium/kernel';
import { LoginSchema, OperationDetailSchema } from './audit.schemas';

const title = (en: string, zh: string) => ({ en, zh });

/** The operation log's export: every field of a record but its body and changes, which are JSON. */
export const OPERATION_COLUMNS = sheetColumns(
  OperationDetailSchema,
  [
    { field: 'id', title: title('ID', '编号') },
    { field: 'at', title: title('Time', '时间') },
    { field: 'tenantId', title: title('Tenant', '租户') },
    { field: 'traceId', title: title('Trace ID', '追踪编号') },
    { field: 'userId', title: title('User ID', '用户编号') },
    { field: 'username', title: title('Username', '用户名') },
    { field: 'credential', title: title('Credential', '凭据') },
    { field: 'moduleId', title: title('Module', '模块') },
    { field: 'permission', title: title('Permission', '权限') },
    { field: 'method', title: title('Method', '请求方法') },
    { field: 'path', title: title('Path', '请求路径') },
    { field: 'status', title: title('Status', '状态码') },
    { field: 'durationMs', title: title('Duration (ms)', '耗时（毫秒）') },
    { field: 'ip', title: title('IP address', 'IP 地址') },
    { field: 'userAgent', title: title('User agent', '用户代理') },
  ] satisfies ExportColumn[],
  'audit operations export',
);

/** The login log's export: every field of a record. */
export const LOGIN_COLUMNS = sheetColumns(
  LoginSchema,
  [
    { field: 'id', title: title('ID', '编号') },
    { field: 'at', title: title('Time', '时间') },
    { field: 'tenantId', title: title('Tenant', '租户') },
    { field: 'username', title: title('Username', '用户名') },
    { field: 'userId', title: title('User ID', '用户编号') },
    { field: 'ip', title: title('IP address', 'IP 地址') },
    { field: 'userAgent', title: title('User agent', '用户代理') },
    { field: 'success', title: title('Succeeded', '成功') },
    { field: 'reason', title: title('Reason', '原因') },
  ] satisfies ExportColumn[],
  'audit logins export',
);
