import { defineModule } from '@atrium/kernel';
import { clearCache, listCaches } from './caches.routes';
import { setupMonitor, startMonitor, stopMonitor, type MonitorState } from './monitor-state';
import { serverState } from './server.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule<MonitorState>({
  routes: [serverState, listCaches, clearCache],
  setup: setupMonitor,
  start: startMonitor,
  stop: stopMonitor,
});
