import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../../kernel/paths';
import { login } from '../support/identity';
import { startTestServer } from '../support/server';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The variables a KEY= file declares, comments aside. */
function declared(envFile: string): string[] {
  return envFile
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Every `${NAME…}` interpolation of the compose file, outside comments, with what follows the name. */
function interpolations(compose: string): Array<{ name: string; rest: string }> {
  const code = compose
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');
  return [...code.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)].map((m) => ({ name: m[1], rest: m[2] }));
}

/**
 * Docker is not run here: these read docker-compose.yml, .env.example and the recipe they give,
 * for what makes `docker compose up` on a fresh clone start or refuse with a clear message.
 */
describe('docs: docker compose and its .env', () => {
  const compose = read('docker-compose.yml');
  const example = read('.env.example');

  it('requires every secret with ${VAR:?message}, each one .env.example lists, and defaults none', () => {
    const used = interpolations(compose);
    expect(used.map((u) => u.name)).to.include.members(['JWT_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD']);
    for (const { name, rest } of used) {
      expect(rest, `\${${name}${rest}}`).to.match(/^:\?\S.*README\.md/);
      expect(declared(example), `${name} in .env.example`).to.include(name);
    }
    expect(declared(example).sort()).to.deep.equal([...new Set(used.map((u) => u.name))].sort());
    expect(
      declared(example).every((name) => new RegExp(`^${name}=$`, 'm').test(example)),
      'the example holds no value',
    ).to.equal(true);
  });

  it('runs the server in production, listening on every address of its container', () => {
    const atrium = compose.slice(compose.indexOf('\n  atrium:'), compose.indexOf('\n  postgres:'));
    expect(atrium).to.match(/^ {6}NODE_ENV: production$/m);
    expect(atrium).to.match(/^ {6}HOST: 0\.0\.0\.0$/m);
    expect(read('Dockerfile')).to.match(/^\s+HOST=0\.0\.0\.0 \\$/m);
  });

  it('keeps .env out of git and out of the image', () => {
    expect(execFileSync('git', ['check-ignore', '--no-index', '.env'], { cwd: repoRoot, encoding: 'utf8' }).trim()).to.equal('.env');
    expect(read('.dockerignore').split('\n')).to.include('.env');
  });

  it('gives a recipe whose values a production server starts with (the recipe run for real)', async function () {
    const recipe = /^#\s+(printf .* > \.env)$/m.exec(example)?.[1];
    expect(recipe, 'the one-line recipe in .env.example').to.be.a('string');
    expect(compose, 'the same recipe in docker-compose.yml').to.include(recipe);
    expect(read('README.md'), 'the same recipe in the README').to.include(recipe);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-env-'));
    try {
      execFileSync('sh', ['-c', recipe!], { cwd: dir });
      const values = Object.fromEntries(
        fs
          .readFileSync(path.join(dir, '.env'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      expect(Object.keys(values).sort()).to.deep.equal(declared(example).sort());
      expect(values.POSTGRES_PASSWORD, 'URL-safe, as DATABASE_URL embeds it').to.match(/^[0-9a-f]{48}$/);
      const server = await startTestServer({ env: { NODE_ENV: 'production', JWT_SECRET: values.JWT_SECRET, ADMIN_PASSWORD: values.ADMIN_PASSWORD } });
      try {
        await login(server, 'admin', values.ADMIN_PASSWORD);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
