import { AuditSinkSpi } from '../audit/operation-record';
import { AuthenticatorSpi } from '../auth/authenticator';
import { ValueLabelSpi } from '../runtime/value-labels';
import { ReadinessSpi } from '../runtime/readiness';
import { BackgroundExportSpi } from '../module-api/background-exports';

/** SPIs the kernel itself consumes: any module may contribute to them without depending on anyone. */
export const KERNEL_SPIS: ReadonlySet<string> = new Set([
  AuthenticatorSpi.name,
  AuditSinkSpi.name,
  ReadinessSpi.name,
  ValueLabelSpi.name,
  BackgroundExportSpi.name,
]);
