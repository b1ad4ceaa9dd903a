/** `atrium manifest validate <files…>`: one line per file, so the output greps and diffs well. */
import type { CliCommand } from '../command';
import { describeProblem } from '../../manifest/manifest-problem';
import { readManifest } from '../../manifest/read-manifest';

export const manifestValidate: CliCommand = {
  words: ['manifest', 'validate'],
  args: '<files…>',
  summary: 'check manifest.json files against the v1 schema',
  async run(files, io) {
    if (files.length === 0) {
      io.err.write('usage: atrium manifest validate <files…>\n');
      return 2;
    }
    let failed = false;
    for (const file of files) {
      const result = readManifest(file);
      if (result.status !== 'valid') failed = true;
      io.out.write(`${file}: ${verdict(result.status, result.problems.map(describeProblem))}\n`);
    }
    return failed ? 1 : 0;
  },
};

function verdict(status: 'valid' | 'invalid' | 'unreadable', reasons: string[]): string {
  return status === 'valid' ? 'valid' : `${status}: ${reasons.join('; ')}`;
}
