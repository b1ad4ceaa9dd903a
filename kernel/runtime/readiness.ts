import { spi } from '../di/tokens';

/** Longest a readiness check may take: a probe must hear about an outage within a second. */
export const READINESS_CHECK_TIMEOUT_MS = 800;

/** One dependency's state, as `/system/ready` lists it. */
export interface DependencyStatus {
  /** `database`, `redis`, `storage`, or what a module names. */
  name: string;
  up: boolean;
  /** Why it is down (never a secret: it goes to unauthenticated probes). */
  reason?: string;
}

/**
 * A dependency a module needs to serve (its storage, say), checked at every readiness probe.
 * `check` answers null when the dependency is usable, or why it is not.
 */
export interface ReadinessCheck {
  dependency: string;
  check(): Promise<string | null>;
}

/** Owned by the kernel: any module may contribute a readiness check without depending on anyone. */
export const ReadinessSpi = spi<ReadinessCheck>('kernel.readiness');

/**
 * Runs a check within READINESS_CHECK_TIMEOUT_MS; a check that throws or takes longer is down.
 * A thrown error's text is not repeated: probes are unauthenticated.
 */
export async function runCheck(dependency: string, check: () => Promise<string | null>): Promise<DependencyStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    const reason = await Promise.race([check().catch(() => 'the check failed'), timeout]);
    return reason === null ? { name: dependency, up: true } : { name: dependency, up: false, reason };
  } finally {
    clearTimeout(timer);
  }
}
