/**
 * The goals a benchmark asserts. Each is printed with the figure it judges, and a missed one
 * makes the benchmark exit non-zero, so `.ci/run` fails when the platform falls behind.
 */
export interface Goal {
  /** What is measured, as the line reads: `GET /users vs hand-written`. */
  name: string;
  /** The figure, formatted: `1.34x`. */
  figure: string;
  /** The goal, formatted: `>= 1.2x`. */
  goal: string;
  met: boolean;
}

export function assertGoal(goal: Goal): void {
  console.log(`${goal.name}: ${goal.figure} (goal ${goal.goal}): ${goal.met ? 'met' : 'NOT met'}`);
  if (!goal.met) process.exitCode = 1;
}

/** Requests that failed make the run's figures meaningless: say so and fail. */
export function assertNoFailures(failures: number, what: string): void {
  if (failures === 0) return;
  console.log(`INVALID: ${failures} requests did not answer 2xx; the figures above do not measure ${what}`);
  process.exitCode = 1;
}
