import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry, migration } from './support/module-folder';

/**
 * MikroORM is module API, reached through `@atrium/kernel` (kernel/orm.ts): a module written
 * outside this checkout maps, queries and catches database errors with the kernel's MikroORM,
 * importing no `@mikro-orm/*` package of its own.
 */
describe('MikroORM through @atrium/kernel', () => {
  let server: TestServer;
  const folders = new ModuleFolders();
  const tally = folders.write('tally', {
    manifest: { capabilities: ['http', 'db'], migrations: ['0001-create'] },
    files: {
      'index.ts': entry(
        `  entities: [TallyMark],
  routes: [
    defineRoute({
      method: 'POST',
      path: '/tally/marks',
      public: true,
      summary: 'Adds a mark',
      body: Type.Object({ label: Type.String() }),
      handler: async ({ body }, ctx) => {
        const em: EntityManager = ctx.db.em();
        try {
          await em.insert(TallyMark, { label: body.label });
        } catch (error) {
          // The driver's own exception class: the kernel's copy of MikroORM threw it.
          if (error instanceof UniqueConstraintViolationException) throw new AppError(TallyErrors.TALLY_LABEL_TAKEN_409, { cause: error });
          throw error;
        }
        return { label: body.label };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/tally/marks',
      public: true,
      summary: 'Marks whose label starts with a prefix, longest first',
      query: Type.Object({ prefix: Type.String() }),
      handler: async ({ query }, ctx) => {
        const where: FilterQuery<Mark> = { label: { $like: \`\${escapeLike(query.prefix)}%\` } };
        const marks = await ctx.db.em().find(TallyMark, where, { orderBy: { [raw('length(label)')]: 'desc' } });
        return { labels: marks.map((mark) => mark.label) };
      },
    }),
  ],`,
        [
          'AppError',
          'Type',
          'UniqueConstraintViolationException',
          'defineEntity',
          'defineErrors',
          'defineRoute',
          'escapeLike',
          'raw',
          'type EntityManager',
          'type FilterQuery',
          'type InferEntity',
        ],
        `const TallyMark = defineEntity({
  name: 'TallyMark',
  tableName: 'tally_mark',
  properties: (p) => ({ id: p.integer().primary().autoincrement(), label: p.string() }),
});
type Mark = InferEntity<typeof TallyMark>;
const TallyErrors = defineErrors({ TALLY_LABEL_TAKEN_409: { en: 'That label is taken.', zh: '该标签已被使用。' } });`,
      ),
      'migrations/0001-create.ts': migration(`create table tally_mark (id serial primary key, label text not null unique)`),
    },
  });

  before(async () => {
    server = await startTestServer({ modulePaths: [tally] });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  const add = (label: string) => server.http().post('/api/v1/tally/marks').send({ label });

  it('maps, inserts and queries with the names @atrium/kernel gives (defineEntity, FilterQuery, raw)', async () => {
    for (const label of ['apple', 'apricot', 'banana', 'ap']) expect((await add(label)).status).to.equal(200);
    const found = await server.http().get('/api/v1/tally/marks').query({ prefix: 'ap' });
    expect(found.status).to.equal(200);
    expect(found.body.data).to.deep.equal({ labels: ['apricot', 'apple', 'ap'] });
  });

  it('catches the database refusing a duplicate as @atrium/kernel’s UniqueConstraintViolationException: 409 TALLY_LABEL_TAKEN_409', async () => {
    expect((await add('cherry')).status).to.equal(200);
    const duplicate = await add('cherry');
    expect(duplicate.status).to.equal(409);
    expect(duplicate.body.code).to.equal('TALLY_LABEL_TAKEN_409');
  });
});
