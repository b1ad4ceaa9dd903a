'use strict';
/**
 * Every test file boots its own server on its own database, so files can run side by side —
 * except when REDIS_URL is set: then every server of the run shares Redis (rate-limit counters,
 * login-failure counts, the event bus), and files running at once would count and hear each
 * other. With it the run is serial; without it, one worker per core (at least two: most of a
 * test's time is spent waiting on timers and the database, not computing).
 */
const fs = require('node:fs');
const os = require('node:os');

/**
 * Test databases, data folders and uploads go under os.tmpdir(). On a RAM disk the embedded
 * database's writes and syncs cost next to nothing: the suite runs about a quarter faster. Used
 * only when /dev/shm has room to spare (a container's default 64 MB has not) and no TMPDIR was
 * chosen; workers and the servers tests spawn inherit it.
 */
const RAM_DISK = '/dev/shm';
const RAM_DISK_ROOM = 4 * 1024 ** 3;
function ramDiskWithRoom() {
  try {
    fs.accessSync(RAM_DISK, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(RAM_DISK);
    return bavail * bsize >= RAM_DISK_ROOM;
  } catch {
    return false;
  }
}
if (!process.env.TMPDIR && ramDiskWithRoom()) process.env.TMPDIR = RAM_DISK;

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
