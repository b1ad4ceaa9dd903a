import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { AppError } from '../../kernel/errors/app-error';
import { recoverInterruptedWrites, stageModule } from '../../modules/generator/module-folder';

/** The generated-modules folder on disk: what is written where, what is refused, what a crash leaves. */
describe('generator: writing a module folder', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-generated-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const manifest = (sourceTable: string) => JSON.stringify({ id: 'notes', generation: { sourceTable } });
  const files = (version: string, sourceTable = 'notes') => [
    { path: 'manifest.json', content: manifest(sourceTable) },
    { path: 'index.ts', content: `// ${version}` },
    { path: 'migrations/0001-x.ts', content: '' },
  ];
  const listing = () => fs.readdirSync(root).sort();
  const read = (file: string) => fs.readFileSync(path.join(root, 'notes', file), 'utf8');
  const refusal = (work: () => unknown): AppError => {
    try {
      work();
    } catch (error) {
      expect(error).to.be.instanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected a refusal');
  };

  it('writes <root>/<moduleId>/ and, on commit, replaces an earlier generation without leftovers', () => {
    const first = stageModule(root, 'notes', 'notes', files('one'));
    expect(first.replaced).to.equal(false);
    first.commit();
    const second = stageModule(root, 'notes', 'notes', files('two'));
    expect(second.replaced).to.equal(true);
    expect(second.dir).to.equal(path.join(root, 'notes'));
    second.commit();
    expect(read('index.ts')).to.equal('// two');
    expect(read('migrations/0001-x.ts')).to.equal('');
    expect(listing()).to.deep.equal(['notes']);
  });

  it('puts the earlier generation back on rollback', () => {
    stageModule(root, 'notes', 'notes', files('one')).commit();
    stageModule(root, 'notes', 'notes', files('two')).rollback();
    expect(read('index.ts')).to.equal('// one');
    expect(listing()).to.deep.equal(['notes']);
  });

  it('refuses a symlink, a folder without a generation, and one generated from another table, leaving them as they were', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-outside-'));
    try {
      fs.symlinkSync(outside, path.join(root, 'notes'));
      expect(refusal(() => stageModule(root, 'notes', 'notes', files('x'))).code).to.equal('GENERATOR_MODULE_EXISTS_409');
      expect(fs.readdirSync(outside)).to.deep.equal([]);
      fs.unlinkSync(path.join(root, 'notes'));

      fs.mkdirSync(path.join(root, 'notes'));
      fs.writeFileSync(path.join(root, 'notes', 'manifest.json'), JSON.stringify({ id: 'notes' }));
      expect(refusal(() => stageModule(root, 'notes', 'notes', files('x'))).code).to.equal('GENERATOR_MODULE_EXISTS_409');
      fs.writeFileSync(path.join(root, 'notes', 'manifest.json'), manifest('other_table'));
      expect(refusal(() => stageModule(root, 'notes', 'notes', files('x'))).code).to.equal('GENERATOR_MODULE_EXISTS_409');
      expect(listing()).to.deep.equal(['notes']);
      expect(fs.readdirSync(path.join(root, 'notes'))).to.deep.equal(['manifest.json']);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a path that would leave the folder, a dot-file or an invalid module id, and writes nothing', () => {
    for (const bad of ['../escape.ts', '/etc/passwd', 'a/../../b.ts', '.hidden', 'a\\b.ts', '']) {
      expect(() => stageModule(root, 'notes', 'notes', [{ path: bad, content: 'x' }]), bad).to.throw(/unsafe path/);
    }
    for (const id of ['../notes', 'Notes', '/abs', 'a/b']) expect(() => stageModule(root, id, 'notes', files('x')), id).to.throw(/not a module id/);
    expect(listing()).to.deep.equal([]);
  });

  it('after a crash between the two renames, brings the earlier generation back and clears staging folders', () => {
    stageModule(root, 'notes', 'notes', files('one')).commit();
    fs.renameSync(path.join(root, 'notes'), path.join(root, '.previous-notes-0123456789ab'));
    fs.mkdirSync(path.join(root, '.staging-abc123'));
    recoverInterruptedWrites(root);
    expect(listing()).to.deep.equal(['notes']);
    expect(read('index.ts')).to.equal('// one');

    // A leftover whose successor did arrive is simply removed.
    fs.mkdirSync(path.join(root, '.previous-notes-ba9876543210'));
    recoverInterruptedWrites(root);
    expect(listing()).to.deep.equal(['notes']);
  });
});
