import { Migration, tenantOwned } from '@atrium/kernel';

/** Notices and who read them, each tenant's own (README.md, "Data"). */
export default class CreateNotices extends Migration {
  override up(): void {
    this.addSql(`create table notices_notice (
      id uuid primary key,
      title varchar(200) not null,
      content text not null,
      content_html text not null,
      type varchar(16) not null check (type in ('notice', 'announcement')),
      status varchar(16) not null check (status in ('draft', 'published', 'withdrawn')),
      audience varchar(16) not null check (audience in ('all', 'roles', 'departments')),
      audience_ids jsonb not null default '[]',
      reach jsonb not null default '[]',
      published_at timestamptz null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(tenantOwned('notices_notice'));
    this.addSql('create index notices_notice_listed on notices_notice (tenant_id, status, published_at desc)');
    this.addSql(`create table notices_read (
      notice_id uuid not null references notices_notice (id) on delete cascade,
      user_id varchar(128) not null,
      read_at timestamptz not null,
      primary key (notice_id, user_id)
    )`);
    this.addSql(tenantOwned('notices_read'));
  }
}
