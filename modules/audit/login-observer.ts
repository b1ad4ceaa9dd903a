import { DEFAULT_TENANT_ID, newId, type ModuleContext } from '@atrium/kernel';
import type { LoginObserver } from '@atrium/module/auth';
import { auditQueues } from './audit-queues';
import type { LoginRecord } from './login-record.entity';

const MAX_USERNAME = 256;
const MAX_USER_AGENT = 512;

/** Auth tells this of every login attempt; it only queues the attempt for the login log. */
export function loginObserver(ctx: ModuleContext): LoginObserver {
  return {
    loginAttempted: (attempt) => {
      const { logins } = auditQueues(ctx);
      const row: LoginRecord = {
        id: newId(),
        tenantId: attempt.tenantId ?? DEFAULT_TENANT_ID,
        at: attempt.at,
        username: attempt.username.slice(0, MAX_USERNAME),
        userId: attempt.userId,
        ip: attempt.ip,
        userAgent: attempt.userAgent.slice(0, MAX_USER_AGENT),
        success: attempt.success,
        reason: attempt.reason,
      };
      logins.add(JSON.stringify(row));
    },
  };
}
