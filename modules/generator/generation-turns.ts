/**
 * One generation at a time on this instance: two would race for the same folder and kernel slot
 * (loading a generation another instance made takes a turn too). One per module context
 * (`ctx.resolve(GenerationTurns)`), so kernels sharing a process do not wait for each other.
 */
export class GenerationTurns {
  private last: Promise<unknown> = Promise.resolve();

  take<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.last.then(work);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
