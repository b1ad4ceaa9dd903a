import { Migration } from '@atrium/kernel';

/**
 * Indexes of the departments list: the keyword's contains-search on the name through a trigram
 * index (pg_trgm; the embedded PGlite is started with it), each whitelisted sort with the id that
 * breaks its ties, and the status filter with the default order (sort, then name), so a page is
 * read in order from one index. The parentId filter and the tree walk use 0001's sibling index.
 */
export default class DepartmentListIndexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create index departments_department_name_trgm_idx on departments_department using gin (name gin_trgm_ops)');
    this.addSql('create index departments_department_sort_idx on departments_department (sort, name, id)');
    this.addSql('create index departments_department_name_idx on departments_department (name, id)');
    this.addSql('create index departments_department_created_at_idx on departments_department (created_at, id)');
    this.addSql('create index departments_department_status_idx on departments_department (status, sort, name, id)');
  }

  override down(): void {
    for (const index of ['status', 'created_at', 'name', 'sort', 'name_trgm']) this.addSql(`drop index departments_department_${index}_idx`);
    // The extension stays: another module's indexes may use it.
  }
}
