import { Type, defineRoute } from '@atrium/kernel';
import { instanceReports } from './monitor-state';
import { InstanceSchema } from './monitor.schemas';

export const serverState = defineRoute({
  method: 'GET',
  path: '/monitor/server',
  permission: 'monitor:server:query',
  summary: 'Every running instance: CPU, memory, event-loop delay, uptime, database and pool, Redis',
  description:
    'The instance that answers first (`self`, as it is now), then every other that reported within its last three intervals (MONITOR_REPORT_SECONDS, 10 by default), as of its last report.',
  response: Type.Object({ items: Type.Array(InstanceSchema) }),
  handler: async (_req, ctx) => {
    const reports = await instanceReports(ctx).live();
    return { items: reports.map(({ figures, self, reportedAt }) => ({ ...figures, self, reportedAt })) };
  },
});
