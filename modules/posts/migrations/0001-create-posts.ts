import { Migration } from '@atrium/kernel';

export default class CreatePosts extends Migration {
  override up(): void {
    this.addSql(`create table posts_post (
      id uuid primary key,
      code varchar(64) not null,
      name varchar(100) not null,
      sort integer not null default 0,
      status varchar(16) not null default 'active' check (status in ('active', 'disabled')),
      remark varchar(500),
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs SYSTEM_POST_DUPLICATED_409: "CEO" and "ceo" are one code.
    this.addSql('create unique index posts_post_code_key on posts_post (lower(code))');
  }

  override down(): void {
    this.addSql('drop table posts_post');
  }
}
