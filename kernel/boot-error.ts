import { formatProblems, type ModuleProblem } from './modules/module-problem';

/** A boot that cannot go on: every problem found, one per line, each naming module and file. */
export class BootError extends Error {
  constructor(readonly problems: readonly ModuleProblem[]) {
    super(`the modules cannot start:\n${formatProblems(problems)}`);
    this.name = 'BootError';
  }
}
