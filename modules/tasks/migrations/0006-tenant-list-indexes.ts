import ScheduleListIndexes from './0004-schedule-list-indexes';

/** 0004's indexes again, now that schedules are tenant-owned (0005): each btree index leads with the tenant. */
export default class ScheduleTenantListIndexes extends ScheduleListIndexes {}
