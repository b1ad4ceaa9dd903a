import { spi } from '../di/tokens';
import type { Principal } from '../auth/principal';
import type { ExportJob } from './kernel-capabilities';

/**
 * Where exports too large to make during a request go: a module that can run work in the background
 * and keep its result (assets, through tasks) contributes the one place. The kernel asks it, without
 * knowing who answers; without a contribution every export is made during its request.
 */
export interface BackgroundExports {
  /**
   * The rows past which `caller`'s export is made by a task, as their tenant has it set; 0: never
   * (a caller who could not follow the task gets the file during the request).
   */
  threshold(caller: Principal): Promise<number>;
  /** Submits the task making `job`'s file, acting for its caller: the task, as the route answers it (201). */
  submit(job: ExportJob): Promise<unknown>;
}

/** Owned by the kernel: the assets module contributes the one place. */
export const BackgroundExportSpi = spi<BackgroundExports>('kernel.export-background');
