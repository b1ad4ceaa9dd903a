import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readManifest } from '../../kernel/manifest/read-manifest';
import { MANIFEST_SCHEMA_ID } from '../../kernel/manifest/manifest.types';

describe('readManifest', () => {
  let dir: string;
  const manifest = { $schema: MANIFEST_SCHEMA_ID, schemaVersion: 1, id: 'hello', name: 'Hello', version: '1.0.0' };
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-read-manifest-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns the manifest of a valid file, with no problems', () => {
    const result = readManifest(write('manifest.json', JSON.stringify(manifest)));
    expect(result).to.deep.equal({ status: 'valid', manifest, problems: [] });
  });

  it('says a missing file is unreadable, with the reason', () => {
    const result = readManifest(path.join(dir, 'nope.json'));
    expect(result.status).to.equal('unreadable');
    expect(result.manifest).to.equal(undefined);
    expect(result.problems).to.have.length(1);
    expect(result.problems[0]).to.include({ pointer: '', rule: 'read' });
    expect(result.problems[0].message).to.include('ENOENT');
  });

  it('says a folder is unreadable', () => {
    fs.mkdirSync(path.join(dir, 'manifest.json'));
    expect(readManifest(path.join(dir, 'manifest.json')).status).to.equal('unreadable');
  });

  it('says a file that is not JSON is invalid, with a json problem', () => {
    const result = readManifest(write('manifest.json', '{ "id": '));
    expect(result.status).to.equal('invalid');
    expect(result.problems).to.have.length(1);
    expect(result.problems[0]).to.include({ pointer: '', rule: 'json' });
    expect(result.problems[0].message).to.match(/^not valid JSON: /);
  });

  it('gives the line and column of a JSON syntax error', () => {
    const result = readManifest(write('manifest.json', '{\n  "id": "x"\n  "name": 1\n}'));
    expect(result.problems[0].message).to.match(/\(line 3, column 3\)$/);
  });

  it('says JSON that breaks the schema is invalid, with the schema problems', () => {
    const result = readManifest(write('manifest.json', JSON.stringify({ ...manifest, id: 'Hello' })));
    expect(result.status).to.equal('invalid');
    expect(result.problems.map((p) => `${p.pointer} ${p.rule}`)).to.deep.equal(['/id pattern']);
  });

  it('reads a file that starts with a byte order mark', () => {
    const result = readManifest(write('manifest.json', `\uFEFF${JSON.stringify(manifest)}`));
    expect(result.status).to.equal('valid');
  });
});
