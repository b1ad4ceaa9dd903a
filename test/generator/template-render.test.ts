import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { validateManifest } from '../../kernel/manifest/manifest-schema';
import { jsonFile, markdownText, tsString } from '../../modules/generator/templates/emit';
import { crudTemplate } from '../../modules/generator/templates/crud';
import { TEMPLATES, findTemplate } from '../../modules/generator/templates/registry';
import { HOSTILE, booksPlan, fileOf, ledgerPlan, oddPlan, tagsPlan } from './template-plans';
import { column, writeModule } from './template-support';

const REPO = path.resolve(__dirname, '..', '..');

/** What the crud template writes, without a server: file names, manifests, escapes, types. */
describe("the generator's crud template: rendering", () => {
  it('is listed by the registry as crud 3.0.0 (1.0.0 and 2.0.0 no longer), and found by id and version', () => {
    expect(TEMPLATES.map((t) => [t.id, t.version])).to.deep.include(['crud', '3.0.0']);
    expect(findTemplate('crud', '3.0.0')).to.equal(crudTemplate);
    expect(findTemplate('crud', '2.0.0')).to.equal(undefined);
    expect(findTemplate('crud', '1.0.0')).to.equal(undefined);
    expect(findTemplate('crud', '9.9.9')).to.equal(undefined);
    expect(crudTemplate.name).to.be.a('string').that.is.not.empty;
    expect(crudTemplate.description).to.match(/^[A-Z].+\.$/);
  });

  it('writes the files of a module, named after the class: errors.ts only when a write can conflict', () => {
    expect(crudTemplate.render(booksPlan()).map((f) => f.path)).to.deep.equal([
      'manifest.json',
      'book.entity.ts',
      'book.schemas.ts',
      'errors.ts',
      'book.resource.ts',
      'index.ts',
      'migrations/0001-list-indexes-60433f7c93f2.ts',
      'README.md',
    ]);
    expect(crudTemplate.render(oddPlan()).map((f) => f.path)).to.not.include('errors.ts');
    const tags = crudTemplate.render(tagsPlan());
    expect(tags.map((f) => f.path)).to.include.members(['catalog-tag.entity.ts', 'catalog-tag.resource.ts', 'errors.ts']);
    expect(fileOf(tags, 'errors.ts').content).to.include('SYSTEM_CATALOG_TAG_DUPLICATED_409');
  });

  it('renders the same files from the same plan', () => {
    expect(crudTemplate.render(oddPlan())).to.deep.equal(crudTemplate.render(oddPlan()));
  });

  it('writes manifests the v1 schema accepts, recording what generated them', () => {
    for (const p of [booksPlan(), tagsPlan(), oddPlan(), ledgerPlan()]) {
      const manifest = JSON.parse(fileOf(crudTemplate.render(p), 'manifest.json').content) as Record<string, unknown>;
      expect(validateManifest(manifest), p.moduleId).to.deep.equal([]);
      expect(manifest).to.include({ id: p.moduleId, name: p.moduleName, version: '1.0.0', spec: 'README.md' });
    }
    const books = JSON.parse(fileOf(crudTemplate.render(booksPlan()), 'manifest.json').content);
    expect(books.dependsOn).to.deep.equal(['dictionaries']);
    expect(books.capabilities).to.deep.equal(['http', 'db']);
    expect(books.description).to.include('library_books');
    expect(books.permissions.map((p: { code: string }) => p.code)).to.deep.equal(
      ['list', 'export', 'query', 'add', 'edit', 'remove'].map((a) => `library:book:${a}`),
    );
    expect(books.permissions[0]).to.deep.equal({ code: 'library:book:list', name: 'List Book records', scope: 'global', owner: 'library-books' });
    expect(books.menus).to.deep.equal([{ title: 'Library books', path: '/library/books', component: 'library-books/index', permission: 'library:book:list' }]);
    expect(books.generation).to.deep.equal({
      templateId: 'crud',
      templateVersion: '3.0.0',
      sourceTable: 'library_books',
      className: 'Book',
      resourcePath: '/library/books',
      routeModule: 'book.resource.ts',
    });
    expect(JSON.parse(fileOf(crudTemplate.render(tagsPlan()), 'manifest.json').content)).to.not.have.property('dependsOn');
  });

  it('writes untrusted text as string literals that evaluate to the text and can close nothing', () => {
    for (const text of [...Object.values(HOSTILE), '\\', "\\'", '\u0000\u007f\u0085', '\ud800 lone', 'ok \ud83d\ude00', '\u202e', '$${', '/*/']) {
      const literal = tsString(text);
      expect(new Function(`return ${literal};`)(), literal).to.equal(text);
      expect(literal.slice(1, -1)).to.not.match(/[\n\r\u2028\u2029`@]|\$\{|\/\*|\*\/|(^|[^\\])'/);
    }
  });

  it('escapes text for Markdown, and writes JSON files that end with a newline', () => {
    const text = markdownText(HOSTILE.markup + HOSTILE.lineComment);
    expect(text).to.not.match(/\n|(^|[^\\])[|`<>]/);
    expect(text).to.include('\\</script\\>');
    expect(jsonFile({ a: HOSTILE.separator })).to.equal('{\n  "a": "a\u2028b\u2029c"\n}\n');
  });

  it('refuses names MikroORM cannot map safely, and filters that cannot work, naming each', () => {
    const broken = booksPlan();
    broken.sourceTable = 'a.b';
    broken.columns[1] = { ...broken.columns[1], columnName: "it's" };
    broken.columns[2] = { ...broken.columns[2], dbType: 'int4', tsType: 'number', queryOp: 'like' };
    broken.columns[3] = { ...broken.columns[3], property: 'page', queryOp: 'eq' };
    expect(() => crudTemplate.render(broken)).to.throw(/table "a\.b".*"\." or a "\?"/);
    broken.sourceTable = 'library_books';
    expect(() => crudTemplate.render(broken)).to.throw(/column "it's": the name holds a quote/);
    broken.columns[1] = { ...broken.columns[1], columnName: 'title' };
    expect(() => crudTemplate.render(broken)).to.throw(/column isbn: like filters text columns only.*filter page: the name is taken/);
  });

  it('refuses a GENERATED ALWAYS column in the form: the database refuses any value for it', () => {
    const ledger = ledgerPlan();
    ledger.columns.push(column('seq', 'seq', { dbType: 'int4', tsType: 'number', hasDefault: true, readOnly: true, required: false }));
    expect(crudTemplate.problems(ledger)).to.deep.equal(['column seq: the database alone writes it (GENERATED ALWAYS), so it cannot be in the form']);
    ledger.columns[ledger.columns.length - 1].form = false;
    expect(crudTemplate.problems(ledger)).to.deep.equal([]);
    expect(fileOf(crudTemplate.render(ledger), 'ledger-entry.entity.ts').content).to.include(
      `seq: p.integer().fieldName('seq').generated(DATABASE_GENERATED),`,
    );
  });

  it('renders modules that type-check with strict TypeScript', async function () {
    this.timeout(120000);
    // Inside the checkout, so the generated files find its node_modules as a module folder would.
    fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, '.tmp', 'generator-typecheck-'));
    try {
      for (const p of [booksPlan(), tagsPlan(), oddPlan(), ledgerPlan()]) writeModule(dir, p.moduleId, crudTemplate.render(p));
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'node20',
            moduleResolution: 'node16',
            strict: true,
            esModuleInterop: true,
            skipLibCheck: true,
            noEmit: true,
            types: ['node'],
            paths: { '@atrium/kernel': [path.join(REPO, 'kernel/api.ts')], '@atrium/module/*': [path.join(REPO, 'modules/*/api.ts')] },
          },
          include: ['*/**/*.ts'],
        }),
      );
      const result = await promisify(execFile)(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', path.join(dir, 'tsconfig.json')]).then(
        () => ({ code: 0, output: '' }),
        (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
      );
      expect(result.output).to.equal('');
      expect(result.code).to.equal(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
