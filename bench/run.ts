/**
 * `npm run bench`: every benchmark, one after the other, each in a process of its own so that
 * none inherits another's warmed-up JIT, heap or open handles. Each prints its figures as ratios
 * against a baseline it measures in the same run, and exits non-zero when it misses a goal.
 *
 *   npm run bench                    all of them
 *   npm run bench -- boot resolve    only those whose file name starts with a given word
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES: { file: string; title: string; timeoutMinutes?: number }[] = [
  { file: 'resolve.bench.ts', title: 'resolving synthetic manifests (goal: 10,000 in under 1 s, linear growth)' },
  {
    file: 'kernel-route.bench.ts',
    title: 'a trivial kernel route through the full pipeline vs bare express 5 (goal >= 0.7) and bare fastify 5, each in its own process',
  },
  {
    file: 'boot.bench.ts',
    title:
      "boot-to-ready time and idle memory vs the issue's code in the same run, and a bare express 5 + pg client process for scale (goals: embedded boot and RSS halved from 2.4 s and 550 MB)",
    // A first boot on an empty embedded data directory runs initdb: a minute on a busy machine.
    timeoutMinutes: 10,
  },
  {
    file: 'users-list.bench.ts',
    title: 'GET /users (page of 20 + total, 10,000 users) vs hand-written express 5 + pg + jsonwebtoken in its own process (goal >= 1.2)',
  },
  {
    file: 'users-million.bench.ts',
    title: 'GET /users on a million users: page 5000 and a keyword search within 3x of page 1 (or Directus’s figures), page 1 at >= 270 req/s',
    // Seeding a million users (once; the database is kept) takes a few minutes.
    timeoutMinutes: 20,
  },
  {
    file: 'tenancy.bench.ts',
    title: "GET /users as a tenant's administrator vs single-tenant (goal >= 0.9), and among 1,000 tenants of 100 users vs one such tenant (goal >= 1/1.2)",
  },
  { file: 'me.bench.ts', title: 'GET /me vs bare express 5 answering the same JSON (goal >= 0.5)' },
  { file: 'logins.bench.ts', title: 'argon2id logins per second, and GET /me p99 while logins run vs idle' },
  { file: 'audit.bench.ts', title: 'POST with the audit module enabled vs disabled: a create, and a POST that does nothing (goal >= 0.9 for the create)' },
  {
    file: 'assets.bench.ts',
    title: 'POST /assets throughput vs fs writes of the same bytes, and server RSS during ten 10 MiB uploads at once vs idle (goal < 1.5x)',
  },
  {
    file: 'tasks.bench.ts',
    title: 'system.echo tasks completed per second end to end (two instances, PostgreSQL) vs bare pg-boss; a duplicate submission’s latency vs a first one',
  },
  {
    file: 'events.bench.ts',
    title:
      'GET /me/events: 1,000 open streams on one instance, server RSS growth per stream (goal <= 3 MB) and GET /me p99 vs none open, alternating (goal <= 1.5x)',
  },
  {
    file: 'export.bench.ts',
    title:
      'GET /users/export?format=csv on 100,000 users vs PostgreSQL COPY of the same rows (goal >= 0.5x), server peak RSS during it vs idle (goal <= 1.5x); xlsx printed',
  },
  { file: 'redis-outage.bench.ts', title: 'GET /me with Redis cut by a TCP proxy vs the same instance healthy, alternating (goal: p50 and p99 <= 2x)' },
  {
    file: 'generator.bench.ts',
    title: "a generated module's list vs the built-in users list on tables of the same size (goal >= 0.9); generate -> first answered request vs a restart",
  },
  {
    file: 'console.bench.ts',
    title:
      'the console in Chromium: its scripts gzipped (goals: first load <= 300 KB, chunks <= 200 KB); the users page from a menu click to 20 rows (goal <= 1 s) vs a hand-written page',
  },
];

const wanted = process.argv.slice(2);
const selected = wanted.length === 0 ? BENCHES : BENCHES.filter((b) => wanted.some((w) => b.file.startsWith(w)));
if (selected.length === 0) {
  console.error(`no benchmark matches ${wanted.join(' ')}; known: ${BENCHES.map((b) => b.file).join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const bench of selected) {
  console.log(`\n== ${bench.file}: ${bench.title}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['-r', require.resolve('@swc-node/register'), path.join(__dirname, bench.file)], {
    stdio: 'inherit',
    cwd: path.resolve(__dirname, '..'),
    timeout: (bench.timeoutMinutes ?? 3) * 60_000,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(bench.file);
    console.log(`-- ${bench.file} FAILED (${result.error?.message ?? `exit ${result.status ?? result.signal}`}) after ${seconds} s`);
  } else {
    console.log(`-- ${bench.file} done in ${seconds} s`);
  }
}
if (failed.length > 0) {
  console.log(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
