import { AuditSinkSpi, contribute, defineModule } from '@atrium/kernel';
import { LoginObserverSpi } from '@atrium/module/auth';
import { BuiltinParamsSpi } from '@atrium/module/params';
import { TaskHandlerSpi } from '@atrium/module/tasks';
import { setupAudit, stopAudit } from './audit-queues';
import { LoginRecordEntity } from './login-record.entity';
import { loginObserver } from './login-observer';
import { exportLogins, listLogins } from './logins.routes';
import { OperationRecordEntity } from './operation-record.entity';
import { PURGE_PERMISSION, purgeTask } from './purge-task';
import { operationSink } from './operation-sink';
import { exportOperations, getOperation, listOperations } from './operations.routes';
import { RETENTION_DAYS, purgeCommand } from './retention';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/audit/logins': '登录日志', '/system/audit/operations': '操作日志' } },
  entities: [LoginRecordEntity, OperationRecordEntity],
  routes: [listLogins, exportLogins, listOperations, exportOperations, getOperation],
  contributes: [
    contribute(AuditSinkSpi, operationSink),
    contribute(LoginObserverSpi, loginObserver),
    contribute(BuiltinParamsSpi, () => ({ definitions: [RETENTION_DAYS] })),
    contribute(TaskHandlerSpi, (ctx) => ({ handlers: [purgeTask(ctx)] })),
  ],
  commands: [purgeCommand],
  permissionsCheckedInCode: [PURGE_PERMISSION],
  setup: setupAudit,
  stop: stopAudit,
});
