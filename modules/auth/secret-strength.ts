import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The fewest guesses a signing secret may cost. Whoever holds one token can test guesses offline,
 * as fast as their hardware computes HMACs (some 10^10 a second on one GPU): 2^80 guesses is
 * millions of GPU-years, while a repeated character, a short repeated pattern or a dictionary
 * word padded to length falls in seconds, however long it is.
 */
export const MIN_SECRET_GUESSES_LOG10 = 80 * Math.log10(2);

export interface SecretStrength {
  guessesLog10: number;
  /** What the estimator found it made of: `repeat`, `sequence`, `dictionary`, `spatial`, … */
  patterns: string[];
}

let last: { secret: string; strength: Promise<SecretStrength> } | undefined;

/**
 * How many guesses zxcvbn estimates the secret costs (dictionaries of common passwords and
 * English words, repeats, sequences, keyboard patterns, dates; no l33t substitutions).
 *
 * Asked at every production start (and again as the module is installed; the last answer is
 * kept). zxcvbn runs in a worker thread (secret-strength-worker.cjs): building its ranked
 * dictionaries took a third of a second of the start and left some 35 MB in the server's memory,
 * which a thread gives back when it ends.
 */
export function secretStrength(secret: string): Promise<SecretStrength> {
  if (last?.secret !== secret) last = { secret, strength: estimate(secret) };
  return last.strength;
}

function estimate(secret: string): Promise<SecretStrength> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'secret-strength-worker.cjs'), { workerData: { secret }, execArgv: [] });
    worker.once('message', (strength: SecretStrength) => resolve(strength));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the secret-strength worker exited with code ${code} before answering`)));
  });
}
