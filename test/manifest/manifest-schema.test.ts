import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { validateManifest, type ManifestProblem } from '../../kernel/manifest/manifest-schema';
import { MANIFEST_SCHEMA_ID } from '../../kernel/manifest/manifest.types';
import { manifestSchemaFile, repoRoot } from '../../kernel/paths';
import { MANIFEST_CORPUS } from './manifest-corpus';

const key = (p: ManifestProblem): string => `${p.pointer === '' ? '(root)' : p.pointer} ${p.rule}`;

describe('the v1 manifest schema', () => {
  describe('the corpus of every contract row, at each limit and just past it', () => {
    for (const { title, manifest, problems } of MANIFEST_CORPUS) {
      if (problems.length === 0) {
        it(`accepts ${title}`, () => {
          expect(validateManifest(manifest)).to.deep.equal([]);
        });
      } else {
        it(`rejects ${title} (${problems.join(', ').replace(/\n/g, '\\n')})`, () => {
          expect(validateManifest(manifest).map(key)).to.have.members(problems);
        });
      }
    }
  });

  describe('problems', () => {
    const base = { $schema: MANIFEST_SCHEMA_ID, schemaVersion: 1, id: 'a', name: 'A', version: '1' };

    it('names the missing property in the pointer of a required problem', () => {
      const { id: _, ...withoutId } = base;
      expect(validateManifest(withoutId)).to.deep.equal([{ pointer: '/id', rule: 'required', message: 'is required' }]);
    });

    it('names the extra property in the pointer of an additionalProperties problem', () => {
      expect(validateManifest({ ...base, color: 'red' })).to.deep.equal([
        { pointer: '/color', rule: 'additionalProperties', message: 'is not an allowed property' },
      ]);
    });

    it('points a uniqueItems problem at the later copy and names the first', () => {
      expect(validateManifest({ ...base, spi: ['a', 'b', 'b'] })).to.deep.equal([{ pointer: '/spi/2', rule: 'uniqueItems', message: 'duplicates /spi/1' }]);
    });

    it('quotes the pattern a value must match', () => {
      expect(validateManifest({ ...base, id: 'A' })).to.deep.equal([{ pointer: '/id', rule: 'pattern', message: 'must match ^[a-z][a-z0-9-]{0,127}$' }]);
    });

    it('states the limit a value is over', () => {
      expect(validateManifest({ ...base, name: 'x'.repeat(257) })).to.deep.equal([
        { pointer: '/name', rule: 'maxLength', message: 'must be at most 256 characters' },
      ]);
    });

    it('states the value a const field must have', () => {
      expect(validateManifest({ ...base, schemaVersion: 2 })).to.deep.equal([{ pointer: '/schemaVersion', rule: 'const', message: 'must equal 1' }]);
    });

    it('says a generation of the wrong type must be null or object, once', () => {
      expect(validateManifest({ ...base, generation: 'crud' })).to.deep.equal([{ pointer: '/generation', rule: 'type', message: 'must be null or object' }]);
    });

    it('reports only the object problems of a generation object, not that it is not null', () => {
      expect(validateManifest({ ...base, generation: { templateId: 'crud' } }).map(key)).to.not.include('/generation type');
    });

    it('reports every problem of a manifest at once', () => {
      const problems = validateManifest({ ...base, id: 'A', name: '', spi: ['x', 'x'], extra: 1 });
      expect(problems.map(key)).to.have.members(['/id pattern', '/name minLength', '/spi/1 uniqueItems', '/extra additionalProperties']);
    });
  });

  describe('the schema file', () => {
    const schema = JSON.parse(fs.readFileSync(manifestSchemaFile, 'utf8')) as Record<string, unknown>;

    it('is draft 2020-12 with the v1 address as its $id', () => {
      expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).to.equal(MANIFEST_SCHEMA_ID);
    });

    it('is a valid draft 2020-12 schema (the kernel compiles it without checking it against the meta-schema)', () => {
      const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
      addFormats(ajv);
      expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).to.equal(true);
    });

    it('accepts only its own address as a manifest $schema', () => {
      const properties = schema.properties as Record<string, Record<string, unknown>>;
      expect(properties.$schema.const).to.equal(MANIFEST_SCHEMA_ID);
    });

    it('gives every property a description, for the operators who read it', () => {
      const undescribed: string[] = [];
      const visit = (node: unknown, at: string): void => {
        if (typeof node !== 'object' || node === null) return;
        const properties = (node as { properties?: Record<string, unknown> }).properties;
        for (const [name, property] of Object.entries(properties ?? {})) {
          if (typeof (property as { description?: unknown }).description !== 'string') undescribed.push(`${at}/properties/${name}`);
        }
        for (const [name, child] of Object.entries(node)) visit(child, `${at}/${name}`);
      };
      visit(schema, '#');
      expect(undescribed).to.deep.equal([]);
    });
  });

  describe('the example manifests', () => {
    const examplesDir = path.join(repoRoot, 'manifests', 'examples');
    const examples = fs.readdirSync(examplesDir).filter((name) => name.endsWith('.json'));

    it('has at least two', () => {
      expect(examples.length).to.be.at.least(2);
    });

    for (const name of examples) {
      it(`accepts manifests/examples/${name}`, () => {
        const data: unknown = JSON.parse(fs.readFileSync(path.join(examplesDir, name), 'utf8'));
        expect(validateManifest(data)).to.deep.equal([]);
      });
    }
  });
});
