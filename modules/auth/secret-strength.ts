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

let last: { secret: string; strength: SecretStrength } | undefined;

/**
 * How many guesses zxcvbn estimates the secret costs (dictionaries of common passwords and
 * English words, repeats, sequences, keyboard patterns, dates); l33t substitutions are left out:
 * enumerating them made a random 88-character secret take seconds.
 *
 * Asked at every production start (and again as the module is installed). So zxcvbn is loaded
 * here, not when the module loads (only a production start with a JWT_SECRET pays for its
 * dictionaries); the estimator built from them is not kept, its ranked dictionaries would hold
 * some 14 MB of the server's memory for good; the last answer is.
 */
export function secretStrength(secret: string): SecretStrength {
  if (last?.secret !== secret) last = { secret, strength: estimate(secret) };
  return last.strength;
}

function estimate(secret: string): SecretStrength {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see secretStrength */
  const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, l33tMaxSubstitutions: 0 });
  const result = estimator.check(secret);
  const patterns = [...new Set(result.sequence.map((match) => match.pattern).filter((pattern) => pattern !== 'bruteforce'))];
  return { guessesLog10: result.guessesLog10, patterns };
}
