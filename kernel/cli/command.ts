import type { CommandIo } from '../modules/command-io';

/** One CLI command: the words that select it and a function returning the exit code. */
export interface CliCommand {
  /** e.g. ['manifest', 'validate'] */
  words: string[];
  /** e.g. '<files…>' for the usage text */
  args: string;
  summary: string;
  run(args: string[], io: CommandIo): Promise<number>;
}
