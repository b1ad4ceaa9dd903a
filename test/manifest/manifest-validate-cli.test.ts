import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeProblem } from '../../kernel/manifest/manifest-problem';
import { validateManifest } from '../../kernel/manifest/manifest-schema';
import { MANIFEST_SCHEMA_ID } from '../../kernel/manifest/manifest.types';
import { MANIFEST_CORPUS } from './manifest-corpus';
import { runAtrium } from '../support/run-atrium';

describe('atrium manifest validate', () => {
  let dir: string;
  const valid = { $schema: MANIFEST_SCHEMA_ID, schemaVersion: 1, id: 'hello', name: 'Hello', version: '1.0.0' };
  const write = (name: string, content: unknown): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-manifest-validate-'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints "<file>: valid" for each valid file and exits 0', () => {
    const files = [write('a.json', valid), write('b.json', { ...valid, id: 'other' })];
    const run = runAtrium(['manifest', 'validate', ...files]);
    expect(run.stdout).to.equal(`${files[0]}: valid\n${files[1]}: valid\n`);
    expect(run.status).to.equal(0);
  });

  it('exits 1 when one file of several is invalid, and names the pointer and rule of each reason', () => {
    const good = write('good.json', valid);
    const bad = write('bad.json', { ...valid, id: 'Hello', extra: true });
    const run = runAtrium(['manifest', 'validate', good, bad]);
    expect(run.status).to.equal(1);
    expect(run.stdout.split('\n')).to.deep.equal([
      `${good}: valid`,
      `${bad}: invalid: /extra additionalProperties: is not an allowed property; /id pattern: must match ^[a-z][a-z0-9-]{0,127}$`,
      '',
    ]);
  });

  it('exits 1 for a file that cannot be read, and says so', () => {
    const missing = path.join(dir, 'missing.json');
    const run = runAtrium(['manifest', 'validate', write('ok.json', valid), missing]);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.match(new RegExp(`^${escape(missing)}: unreadable: read: ENOENT`, 'm'));
  });

  it('exits 1 for a file that is not JSON, and says so', () => {
    const broken = write('broken.json', '{"id": "a",}');
    const run = runAtrium(['manifest', 'validate', broken]);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.match(new RegExp(`^${escape(broken)}: invalid: json: not valid JSON: `));
  });

  it('keeps each file on one line, even when the reason quotes text with newlines', () => {
    const multiline = write('multiline.json', '{\n"a":,\n}');
    const run = runAtrium(['manifest', 'validate', multiline, write('fine.json', valid)]);
    expect(run.stdout.split('\n')).to.have.length(3);
    expect(run.stdout).to.contain('\\n');
  });

  it('exits 2 with a usage message when given no file', () => {
    const run = runAtrium(['manifest', 'validate']);
    expect(run.status).to.equal(2);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.contain('usage: atrium manifest validate <files…>');
  });

  it('agrees with validateManifest on every manifest of the corpus', () => {
    const files = MANIFEST_CORPUS.map(({ manifest }, i) => write(`corpus-${String(i).padStart(3, '0')}.json`, JSON.stringify(manifest)));
    const expected = MANIFEST_CORPUS.map(({ manifest }, i) => {
      const problems = validateManifest(manifest);
      return problems.length === 0 ? `${files[i]}: valid` : `${files[i]}: invalid: ${problems.map(describeProblem).join('; ')}`;
    });
    const run = runAtrium(['manifest', 'validate', ...files]);
    expect(run.stdout.split('\n').slice(0, -1)).to.deep.equal(expected);
    expect(run.status).to.equal(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
