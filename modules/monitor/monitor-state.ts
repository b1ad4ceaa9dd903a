import type { ModuleContext } from '@atrium/kernel';
import { InstanceReports } from './instance-reports';

export interface MonitorState {
  reports: InstanceReports;
}

/** The module's state (what setupMonitor returned), for its routes. */
export function instanceReports(ctx: ModuleContext): InstanceReports {
  return (ctx.state as MonitorState).reports;
}

/** MONITOR_REPORT_SECONDS: how often each instance reports itself (an instance is gone after three missed). */
export function setupMonitor(ctx: ModuleContext): MonitorState {
  const seconds = ctx.environment.integer('MONITOR_REPORT_SECONDS', 10, 1, 300);
  return { reports: new InstanceReports(ctx, seconds * 1000) };
}

/** Only a server reports: a CLI command that starts the module for a moment is no instance. */
export function startMonitor(ctx: ModuleContext<MonitorState>): void {
  if (ctx.environment.background) ctx.state.reports.start();
}

export function stopMonitor(ctx: ModuleContext<MonitorState>): Promise<void> {
  return ctx.state.reports.stop();
}
