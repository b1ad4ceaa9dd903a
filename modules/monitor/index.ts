import { defineModule } from '@atrium/kernel';
import { clearCache, listCaches } from './caches.routes';
import { setupMonitor, startMonitor, stopMonitor, type MonitorState } from './monitor-state';
import { serverState } from './server.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule<MonitorState>({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/monitor/server': '服务监控', '/monitor/caches': '缓存监控' } },
  routes: [serverState, listCaches, clearCache],
  setup: setupMonitor,
  start: startMonitor,
  stop: stopMonitor,
});
