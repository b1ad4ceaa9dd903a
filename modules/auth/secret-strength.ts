import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

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

let estimator: ZxcvbnFactory | undefined;

/**
 * How many guesses zxcvbn estimates the secret costs (dictionaries of common passwords and
 * English words, repeats, sequences, keyboard patterns, dates). Built on first use (its
 * dictionaries take a moment), so only a production start with a JWT_SECRET pays for it; l33t
 * substitutions are left out: enumerating them made a random 88-character secret take seconds.
 */
export function secretStrength(secret: string): SecretStrength {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, l33tMaxSubstitutions: 0 });
  const result = estimator.check(secret);
  const patterns = [...new Set(result.sequence.map((match) => match.pattern).filter((pattern) => pattern !== 'bruteforce'))];
  return { guessesLog10: result.guessesLog10, patterns };
}
