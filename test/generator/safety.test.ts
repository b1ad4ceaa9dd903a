import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import {
  availableNames,
  column,
  filesUnder,
  generated,
  generatedModulesDir,
  generatorApi,
  imported,
  itemsOf,
  leftovers,
  literal,
  sql,
  updated,
  type GeneratorApi,
  type TableView,
} from './helpers';

/** Written only if some text of the database or of a configuration ever ran as code. */
const SENTINEL = path.join(os.tmpdir(), `g6safe-pwned-${process.pid}`);
const WRITE = `require('fs').writeFileSync('${SENTINEL}', 'x')`;

/** Comments that would run `WRITE` (or end the process) if they landed in code unescaped. */
const HOSTILE = {
  closesComment: `*/ ${WRITE}; /*`,
  closesString: `'); ${WRITE}; process.exit(1); ('`,
  template: `\`\${${WRITE}}\` "\${process.exit(1)}" \\' \\\` </script><script>alert(1)</script> | col | @openapi`,
  newlines: `first line\n// a line comment\n${WRITE};\u2028${WRITE};\u2029*/ ${WRITE} /*`,
};

/**
 * Nothing a client sends or a database holds can run as code or write outside the
 * generated-modules folder, and nothing the generator did not write is ever replaced.
 */
describe('generator: safety', () => {
  let server: TestServer;
  let api: GeneratorApi;
  let outside: string;
  before(async () => {
    fs.rmSync(SENTINEL, { force: true });
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-g6safe-outside-'));
    server = await startTestServer();
    api = generatorApi(server);
    await sql(server, 'create table g6safe_victim (id int primary key)');
    await sql(server, 'create table g6safe_plain (id uuid primary key, name varchar(40) not null)');
    await sql(
      server,
      `create table g6safe_note (
      id uuid primary key,
      body varchar(200) not null,
      remark text,
      score int,
      "a*/ require(fs) /*" varchar(20),
      "b'); process.exit(4); ('" varchar(20),
      version int not null default 1
    )`,
    );
    await sql(server, `comment on table g6safe_note is ${literal(HOSTILE.template)}`);
    await sql(server, `comment on column g6safe_note.body is ${literal(HOSTILE.closesComment)}`);
    await sql(server, `comment on column g6safe_note.remark is ${literal(HOSTILE.closesString)}`);
    await sql(server, `comment on column g6safe_note.score is ${literal(HOSTILE.newlines)}`);
    await sql(server, `comment on column g6safe_note."a*/ require(fs) /*" is ${literal(HOSTILE.template)}`);
    for (const name of ['g6safe_link', 'g6safe_dangling', 'g6safe_foreign', 'g6safe_bare', 'g6safe_file', 'g6safe_other', 'g6safe_builtin', 'g6safe_taken']) {
      await sql(server, `create table ${name} (id uuid primary key, name varchar(40))`);
    }
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(outside, { recursive: true, force: true });
    fs.rmSync(SENTINEL, { force: true });
  });

  const modulesRoot = () => generatedModulesDir(server);
  const moduleStatus = async (id: string) => (await server.http().get(`/api/v1/system/modules/${id}`).set('Authorization', ADMIN)).status;
  /** Every file under DATA_DIR but the embedded database's own. */
  const dataFiles = () => filesUnder(server.dataDir, (relative) => relative === 'postgres');

  describe('table names', () => {
    it('treats a name holding SQL as a name: 404 GENERATOR_TABLE_NOT_FOUND_404, and the SQL never runs', async () => {
      for (const tableName of [
        'g6safe_victim; drop table g6safe_victim; --',
        `g6safe_victim' or '1'='1`,
        'g6safe_victim" cascade; drop table g6safe_victim; --',
        '"g6safe_victim"',
        'public.g6safe_victim',
        'pg_catalog.pg_class',
        'pg_class',
        'information_schema.tables',
        '(select 1)',
      ]) {
        detailFor(expectError(await api.import({ tableName }), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/body/tableName');
      }
      expect(await sql(server, 'select count(*)::int as n from g6safe_victim')).to.deep.equal([{ n: 0 }]);
      detailFor(expectError(await api.import({ tableName: 'x'.repeat(129) }), 400, 'VALIDATION_FAILED_400'), '/body/tableName');
    });

    it('refuses a name holding a NUL character as invalid input, not a 500: PostgreSQL text cannot hold one', async () => {
      const res = await api.import({ tableName: 'g6safe_victim\u0000' });
      expect(detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/tableName').rule).to.equal('nul');
    });

    it('imports and generates from a table whose real name holds SQL, as the name it is', async () => {
      const name = 'g6safe_x; drop table g6safe_victim; --';
      await sql(server, `create table "${name}" (id uuid primary key, name varchar(40) not null)`);
      const odd = await imported(api, name);
      expect(odd.tableName).to.equal(name);
      expect(odd).to.include({
        moduleId: 'g6safe-x-drop-table-g6safe-victim',
        className: 'G6safeXDropTableG6safeVictim',
        resourcePath: '/g6safe-x-drop-table-g6safe-victim',
      });
      expect((await generated(api, odd.id)).replaced).to.equal(false);
      const base = `/api/v1${odd.resourcePath}`;
      const row = expectSuccess(await server.http().post(base).set('Authorization', ADMIN).send({ name: "'; drop table g6safe_victim; --" }), 201).data as {
        id: string;
        name: string;
      };
      expect(itemsOf<{ id: string }>(await server.http().get(base).query({ name: "'; drop" }).set('Authorization', ADMIN)).map((r) => r.id)).to.deep.equal([
        row.id,
      ]);
      expect(await sql(server, `select name from "${name}"`)).to.deep.equal([{ name: "'; drop table g6safe_victim; --" }]);
      expect(await sql(server, 'select count(*)::int as n from g6safe_victim')).to.deep.equal([{ n: 0 }]);
    });

    it('refuses a table whose name generated code cannot map (a quote): 400 GENERATOR_TABLE_UNSUPPORTED_400', async () => {
      const name = `g6safe_it's; drop table g6safe_victim; --`;
      await sql(server, `create table "${name}" (id int primary key)`);
      try {
        detailFor(expectError(await api.import({ tableName: name }), 400, 'GENERATOR_TABLE_UNSUPPORTED_400'), '/body/tableName');
        expect(await sql(server, 'select count(*)::int as n from g6safe_victim')).to.deep.equal([{ n: 0 }]);
      } finally {
        await sql(server, `drop table "${name}"`);
      }
    });

    it('refuses the tables modules own, and does not offer them: 404 GENERATOR_TABLE_NOT_FOUND_404', async () => {
      const available = await availableNames(api);
      for (const tableName of ['users_user', 'atrium_migrations', 'generator_table', 'roles_role_permission']) {
        detailFor(expectError(await api.import({ tableName }), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/body/tableName');
        expect(available).to.not.include(tableName);
      }
    });
  });

  describe('hostile names in a configuration', () => {
    let plain: TableView;
    let filesBefore: string[];
    const refused = async (change: Record<string, unknown>, field: string) =>
      detailFor(expectError(await api.update(plain.id, { version: plain.version, ...change }), 400, 'VALIDATION_FAILED_400'), field);

    before(async () => {
      plain = await imported(api, 'g6safe_plain');
      filesBefore = dataFiles();
    });

    it('refuses a resource path that leaves its folder or is not plain segments', async () => {
      for (const resourcePath of ['/../x', '/a/../../x', '/a/..', '..', '//x', '/x/', '/x\\y', '/x?y=1', '/x%2e%2e', '/x y', `/${'a'.repeat(300)}`]) {
        await refused({ resourcePath }, '/body/resourcePath');
      }
    });

    it('refuses a module id that is a path: ../evil, /abs, a/b, a dot-name', async () => {
      for (const moduleId of ['../evil', '/abs', `${outside}/evil`, 'evil/../../x', 'a/b', '.hidden', 'a\\b', 'a b', 'Evil', 'x'.repeat(129)]) {
        await refused({ moduleId }, '/body/moduleId');
      }
    });

    it('refuses a class name, permission prefix or dictionary code that is code', async () => {
      for (const className of ['X; process.exit(1)', 'Book/../x', '../Book', 'Book\nconst x = 1', "B'ook", 'Book`${1}`']) {
        await refused({ className }, '/body/className');
      }
      for (const permissionPrefix of [`a:b'); process.exit(1); ('`, 'a:b/../c', 'a:b\n']) await refused({ permissionPrefix }, '/body/permissionPrefix');
      await refused({ columns: [{ columnName: 'name', dictCode: `a'); process.exit(1); ('` }] }, '/body/columns/0/dictCode');
    });

    it('changed nothing and wrote nothing', async () => {
      expect((expectSuccess(await api.read(plain.id)).data as TableView).version).to.equal(plain.version);
      expect(dataFiles()).to.deep.equal(filesBefore);
      for (const place of [
        '/abs',
        path.join(outside, 'evil'),
        path.join(server.dataDir, 'x'),
        path.join(server.dataDir, 'evil'),
        path.join(path.dirname(server.dataDir), 'evil'),
      ]) {
        expect(fs.existsSync(place), place).to.equal(false);
      }
      expect(fs.existsSync(SENTINEL)).to.equal(false);
    });
  });

  describe('hostile comments and column names', () => {
    let note: TableView;
    let filesBefore: string[];
    let files: string[];

    it('imports them as text: labels are the first lines, the comments are kept verbatim', async () => {
      note = await imported(api, 'g6safe_note');
      expect(note.tableComment).to.equal(HOSTILE.template);
      expect(column(note, 'body').comment).to.equal(HOSTILE.closesComment);
      expect(column(note, 'remark').comment).to.equal(HOSTILE.closesString);
      expect(column(note, 'score').comment).to.equal(HOSTILE.newlines);
      expect(column(note, 'score').label).to.equal('first line');
      expect(column(note, 'body').label).to.equal([...HOSTILE.closesComment].slice(0, 64).join(''));
      expect(note.moduleName).to.equal([...HOSTILE.template].slice(0, 64).join(''));
      for (const c of note.columns) expect(c.property).to.match(/^[a-z][A-Za-z0-9]*$/);
      expect(column(note, 'a*/ require(fs) /*')).to.include({ property: 'aRequireFs', supported: true, comment: HOSTILE.template });
      // A quote in a column name is more than MikroORM maps safely: the column is left out of the module.
      expect(column(note, "b'); process.exit(4); ('")).to.include({ supported: false, list: false, form: false });
    });

    it('generates a module that loads, and no text of it ran', async () => {
      filesBefore = dataFiles();
      // The labels hold hostile text too: one edited here, the module name left as the table comment made it.
      note = await updated(api, note, { columns: [{ columnName: 'remark', label: `'); process.exit(2); ('` }] });
      const result = await generated(api, note.id);
      files = result.files;
      expect(result.moduleId).to.equal('g6safe-note');
      expect(fs.existsSync(SENTINEL)).to.equal(false);
      expect(await moduleStatus('g6safe-note')).to.equal(200);
    });

    it('writes every file inside <DATA_DIR>/generated-modules/<moduleId>/ and nowhere else', () => {
      for (const file of files) expect(path.isAbsolute(file) || file.split('/').includes('..'), file).to.equal(false);
      const written = dataFiles().filter((f) => !filesBefore.includes(f));
      expect(written).to.deep.equal(files.map((f) => `generated-modules/g6safe-note/${f}`).sort());
      expect(leftovers(server)).to.deep.equal([]);
    });

    it('serves the hostile text as data: the module works, its descriptions and menu carry the text verbatim', async () => {
      const base = '/api/v1/g6safe-note';
      const created = expectSuccess(
        await server.http().post(base).set('Authorization', ADMIN).send({ body: HOSTILE.closesString, remark: HOSTILE.closesComment, aRequireFs: '*/ x /*' }),
        201,
      ).data as Record<string, unknown>;
      expect(created).to.include({ body: HOSTILE.closesString, remark: HOSTILE.closesComment, aRequireFs: '*/ x /*', version: 1 });
      expect(await sql(server, 'select "a*/ require(fs) /*" as v from g6safe_note')).to.deep.equal([{ v: '*/ x /*' }]);
      expect(
        itemsOf<Record<string, unknown>>(
          await server
            .http()
            .get(base)
            .query({ body: `'); ${WRITE}` })
            .set('Authorization', ADMIN),
        ).map((r) => r.id),
      ).to.deep.equal([created.id]);

      const doc = (await server.http().get('/v3/api-docs').set('Authorization', ADMIN)).body as unknown;
      const descriptions = collect(doc, 'description');
      for (const text of [HOSTILE.closesComment, HOSTILE.closesString, HOSTILE.newlines, HOSTILE.template, `'); process.exit(2); ('`]) {
        expect(
          descriptions.some((d) => d.includes(text)),
          text,
        ).to.equal(true);
      }
      const menus = itemsOf<{ title: string }>(await server.http().get('/api/v1/menus').query({ moduleId: 'g6safe-note' }).set('Authorization', ADMIN));
      expect(menus.map((m) => m.title)).to.deep.equal([note.moduleName]);
      expect(fs.existsSync(SENTINEL)).to.equal(false);
    });
  });

  describe('what is already at the module’s folder', () => {
    const configure = async (tableName: string, change: Record<string, unknown> = {}) => {
      const table = await imported(api, tableName);
      return Object.keys(change).length > 0 ? updated(api, table, change) : table;
    };
    const snapshot = (dir: string) => filesUnder(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]);

    it('refuses a symlink at <generated-modules>/<moduleId>, even one to a folder whose manifest names this table: 409, nothing written outside', async () => {
      const table = await configure('g6safe_link');
      const target = path.join(outside, 'linked');
      fs.mkdirSync(target);
      const manifest = { id: table.moduleId, generation: { sourceTable: 'g6safe_link' } };
      fs.writeFileSync(path.join(target, 'manifest.json'), JSON.stringify(manifest));
      fs.mkdirSync(modulesRoot(), { recursive: true });
      const link = path.join(modulesRoot(), table.moduleId);
      fs.symlinkSync(target, link);

      detailFor(expectError(await api.generate(table.id), 409, 'GENERATOR_MODULE_EXISTS_409'), '/body/moduleId');
      expect(fs.lstatSync(link).isSymbolicLink()).to.equal(true);
      expect(fs.readlinkSync(link)).to.equal(target);
      expect(snapshot(target)).to.deep.equal([['manifest.json', JSON.stringify(manifest)]]);
      expect(filesUnder(outside)).to.deep.equal(['linked/manifest.json']);
      expect(leftovers(server)).to.deep.equal([]);
      expect(await moduleStatus(table.moduleId)).to.equal(404);

      // Without the link, the same configuration generates: the link alone was refused.
      fs.unlinkSync(link);
      expect((await generated(api, table.id)).replaced).to.equal(false);
      expect(fs.lstatSync(link).isDirectory()).to.equal(true);
      expect(filesUnder(outside)).to.deep.equal(['linked/manifest.json']);
    });

    it('refuses a dangling symlink, and creates nothing where it points', async () => {
      const table = await configure('g6safe_dangling');
      const target = path.join(outside, 'nowhere');
      fs.symlinkSync(target, path.join(modulesRoot(), table.moduleId));
      detailFor(expectError(await api.generate(table.id), 409, 'GENERATOR_MODULE_EXISTS_409'), '/body/moduleId');
      expect(fs.existsSync(target)).to.equal(false);
      expect(leftovers(server)).to.deep.equal([]);
    });

    it('refuses a folder the generator did not write: a hand-written manifest, none at all, another table’s generation, a plain file', async () => {
      const cases: [string, (dir: string) => void][] = [
        [
          'g6safe_foreign',
          (dir) => {
            fs.mkdirSync(dir);
            fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ id: 'g6safe-foreign', name: 'Mine', version: '1.0.0' }));
            fs.writeFileSync(path.join(dir, 'index.ts'), '// hand-written\n');
          },
        ],
        [
          'g6safe_bare',
          (dir) => {
            fs.mkdirSync(dir);
            fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
          },
        ],
        [
          'g6safe_other',
          (dir) => {
            fs.mkdirSync(dir);
            fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ id: 'g6safe-other', generation: { sourceTable: 'g6safe_elsewhere' } }));
          },
        ],
        ['g6safe_file', (dir) => fs.writeFileSync(dir, 'a file, not a folder')],
      ];
      for (const [tableName, make] of cases) {
        const table = await configure(tableName);
        const dir = path.join(modulesRoot(), table.moduleId);
        make(dir);
        const contents = fs.statSync(dir).isDirectory() ? snapshot(dir) : fs.readFileSync(dir, 'utf8');
        detailFor(expectError(await api.generate(table.id), 409, 'GENERATOR_MODULE_EXISTS_409'), '/body/moduleId');
        expect(fs.statSync(dir).isDirectory() ? snapshot(dir) : fs.readFileSync(dir, 'utf8'), tableName).to.deep.equal(contents);
        expect(await moduleStatus(table.moduleId)).to.equal(404);
      }
      expect(leftovers(server)).to.deep.equal([]);
    });

    it('refuses a built-in module’s id: 409 GENERATOR_MODULE_EXISTS_409 on the edit, the configuration unchanged, and the module keeps working', async () => {
      const table = await configure('g6safe_builtin');
      for (const moduleId of ['users', 'generator', 'audit']) {
        detailFor(expectError(await api.update(table.id, { version: table.version, moduleId }), 409, 'GENERATOR_MODULE_EXISTS_409'), '/body/moduleId');
        expect(fs.existsSync(path.join(modulesRoot(), moduleId)), moduleId).to.equal(false);
      }
      expect((expectSuccess(await api.read(table.id)).data as TableView).moduleId).to.equal(table.moduleId);
      expectSuccess(await server.http().get('/api/v1/users').set('Authorization', ADMIN));
      expect(
        (expectSuccess(await server.http().get('/api/v1/system/modules/users').set('Authorization', ADMIN)).data as { builtin: boolean }).builtin,
      ).to.equal(true);
    });

    it('refuses the id of a module generated from another table, once that table’s configuration is gone', async () => {
      const linked = itemsOf<TableView>(await api.list({ keyword: 'g6safe_link' }))[0];
      const dir = path.join(modulesRoot(), linked.moduleId);
      const contents = snapshot(dir);
      expectSuccess(await api.remove(linked.id));
      const taken = await configure('g6safe_taken');
      detailFor(
        expectError(await api.update(taken.id, { version: taken.version, moduleId: linked.moduleId }), 409, 'GENERATOR_MODULE_EXISTS_409'),
        '/body/moduleId',
      );
      expect(snapshot(dir)).to.deep.equal(contents);
      const summary = expectSuccess(await server.http().get(`/api/v1/system/modules/${linked.moduleId}`).set('Authorization', ADMIN)).data as {
        generation: { sourceTable: string };
      };
      expect(summary.generation.sourceTable).to.equal('g6safe_link');
      expect(fs.existsSync(SENTINEL)).to.equal(false);
    });
  });
});

/** Every string value of `key` anywhere in `value`. */
function collect(value: unknown, key: string, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collect(item, key, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') found.push(v);
      else collect(v, key, found);
    }
  }
  return found;
}
