import { Migration, trackRowChanges, untrackRowChanges } from '@atrium/kernel';

/**
 * The users list reuses its total until users_user is written (kernel/db/row-changes.ts): the
 * table is listed on every visit to the console's users page and written by an administrator's
 * hand, so counting it for every page was the list's largest cost.
 */
export default class UserRowChanges extends Migration {
  override up(): void {
    for (const sql of trackRowChanges('users_user')) this.addSql(sql);
  }

  override down(): void {
    for (const sql of untrackRowChanges('users_user')) this.addSql(sql);
  }
}
