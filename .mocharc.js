'use strict';
/**
 * Every test file boots its own server on its own database, so files can run side by side —
 * except when REDIS_URL is set: then every server of the run shares Redis (rate-limit counters,
 * login-failure counts, the event bus), and files running at once would count and hear each
 * other. With it the run is serial; without it, one worker per core (at least two: most of a
 * test's time is spent waiting on timers and the database, not computing).
 */
const os = require('node:os');

const parallel = !process.env.REDIS_URL;

module.exports = {
  require: ['@swc-node/register', 'test/support/hooks.ts'],
  extension: ['ts'],
  timeout: 60000,
  exit: true,
  reporter: 'test/support/summary-reporter.js',
  parallel,
  ...(parallel ? { jobs: Math.max(2, os.cpus().length) } : {}),
};
