import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the schedules list (schedules/schedule.resource.ts): a btree index on each sort field
 * and on the type and enabled filters, a trigram index on the name the keyword searches. 0002's
 * indexes do not serve the list: its unique one is on lower(name), and its due-schedule index on
 * next_fire_at holds enabled schedules only.
 */
export default class ScheduleListIndexes extends ListIndexesMigration {
  protected readonly table = 'task_schedules';
  protected readonly btree = ['name', 'next_fire_at', 'created_at', 'updated_at', 'type', 'enabled'];
  protected readonly trigram = ['name'];
}
