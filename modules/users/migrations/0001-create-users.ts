import { Migration } from '@atrium/kernel';

/**
 * The users, the roles each holds and the posts each fills. Plain SQL that both PostgreSQL 15+
 * and the embedded one run. Username, email and phone are stored normalised (normalisation.ts),
 * so a plain unique index on each is what keeps two spellings from making two accounts.
 */
export default class CreateUsers extends Migration {
  override up(): void {
    this.addSql(`create table users_user (
      id uuid primary key,
      username varchar(64) not null,
      nickname varchar(64) not null,
      email varchar(254) null,
      phone varchar(21) null,
      password_hash varchar(255) not null,
      status varchar(16) not null,
      dept_id uuid null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Back SYSTEM_USER_DUPLICATED_409: the index decides, so two creates that race cannot both win.
    this.addSql('create unique index users_user_username_key on users_user (username)');
    this.addSql('create unique index users_user_email_key on users_user (email) where email is not null');
    this.addSql('create unique index users_user_phone_key on users_user (phone) where phone is not null');
    // The default order (newest first) and the department filter and usage count.
    this.addSql('create index users_user_created_at_idx on users_user (created_at desc, id desc)');
    this.addSql('create index users_user_dept_id_idx on users_user (dept_id)');

    // Role and post ids belong to the roles and posts modules: plain columns, no foreign key to
    // them. The user side is this module's own, so its rows go with the user; deferred, because a
    // user and its rows are written in one flush, in whatever order the ORM picks.
    this.addSql(`create table users_user_role (
      user_id uuid not null references users_user (id) on delete cascade deferrable initially deferred,
      role_id uuid not null,
      primary key (user_id, role_id)
    )`);
    this.addSql('create index users_user_role_role_id_idx on users_user_role (role_id)');
    this.addSql(`create table users_user_post (
      user_id uuid not null references users_user (id) on delete cascade deferrable initially deferred,
      post_id uuid not null,
      primary key (user_id, post_id)
    )`);
  }

  override down(): void {
    this.addSql('drop table users_user_post');
    this.addSql('drop table users_user_role');
    this.addSql('drop table users_user');
  }
}
