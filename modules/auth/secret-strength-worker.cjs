// @ts-check
/**
 * Worker-thread entry of secret-strength.ts: zxcvbn's estimate of one secret, posted back as
 * `{ guessesLog10, patterns }`. In a thread of its own, the dictionaries it builds (tens of MB,
 * and a third of a second of a production start) are gone with the thread, and the kernel goes on
 * loading the other modules meanwhile.
 *
 * Why JavaScript: a worker thread does not inherit its parent's require hooks (the TypeScript
 * loader); this file runs as it is under `npm start`, in tests and from `dist/`.
 */
'use strict';

const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require('@zxcvbn-ts/core');
const common = require('@zxcvbn-ts/language-common');
const en = require('@zxcvbn-ts/language-en');

if (!parentPort) throw new Error('secret-strength-worker must be started as a worker thread');
const { secret } = /** @type {{ secret: string }} */ (workerData);

// l33t substitutions are left out: enumerating them made a random 88-character secret take seconds.
const estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, l33tMaxSubstitutions: 0 });
const result = estimator.check(secret);
const patterns = [...new Set(result.sequence.map((match) => match.pattern).filter((pattern) => pattern !== 'bruteforce'))];
parentPort.postMessage({ guessesLog10: result.guessesLog10, patterns });
