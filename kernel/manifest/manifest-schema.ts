/**
 * Validates data against the published v1 manifest schema. The schema file is the single source
 * of truth: this module compiles it, it does not restate any of its rules.
 */
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { manifestSchemaFile } from '../paths';
import type { ManifestProblem } from './manifest-problem';
import { toProblems } from './schema-errors';

export type { ManifestProblem } from './manifest-problem';

let compiled: ValidateFunction | undefined;

/** Compiled on first use, once per process: compiling costs milliseconds, validating microseconds. */
function manifestValidator(): ValidateFunction {
  if (!compiled) {
    const schema: unknown = JSON.parse(fs.readFileSync(manifestSchemaFile, 'utf8'));
    // allErrors: an author fixes every problem in one round. strict: a typo in the schema fails
    // here instead of silently allowing anything. `unicode` stays on (the default) so lengths
    // count code points, as the contract's "characters" means. Not checked against the
    // draft 2020-12 meta-schema at every boot (half the compile's time): a test does that once.
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
    addFormats(ajv);
    compiled = ajv.compile(schema as object);
  }
  return compiled;
}

/** Every way `data` breaks the v1 manifest schema; empty when it is a valid manifest. */
export function validateManifest(data: unknown): ManifestProblem[] {
  const validate = manifestValidator();
  return validate(data) ? [] : toProblems(validate.errors ?? []);
}
