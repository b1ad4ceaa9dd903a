import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';

/** A package and every package it depends on, as installed. */
function dependencyClosure(name: string, from: string, found = new Set<string>()): Set<string> {
  if (found.has(name)) return found;
  let manifest: string;
  try {
    manifest = createRequire(path.join(from, 'package.json')).resolve(`${name}/package.json`);
  } catch {
    return found;
  }
  found.add(name);
  const { dependencies = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(dependencies)) dependencyClosure(dependency, path.dirname(manifest), found);
  return found;
}

/**
 * react-markdown 6 and its unified tree predate the `sideEffects` field, so the bundler kept all
 * of it (some 30 KB gzipped in the shell chunk) for the one @refinedev/antd field that draws
 * Markdown, which the console never uses. None of it does anything at import: declared free of
 * side effects, it is left out unless a page draws Markdown.
 */
const SIDE_EFFECT_FREE = dependencyClosure('react-markdown', path.join(__dirname, '..', 'node_modules', '@refinedev', 'antd'));

/** The package a module file belongs to (the innermost `node_modules/<name>`), if any. */
function packageOf(id: string): string | undefined {
  return /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
}

/**
 * The console's build: console/dist, served by the kernel at `/` (kernel/http/console-static.ts).
 * Libraries go to chunks of their own, so that the login page loads only what it draws and a
 * release that changes the console's code leaves the libraries' cached chunks valid.
 */
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A failed chunk-size budget is reported by the build, measured against the goals.
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => !SIDE_EFFECT_FREE.has(packageOf(id) ?? '') },
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(@refinedev\/(core|react-router)|@tanstack|lodash|qs|papaparse|pluralize)\//.test(id)) return 'refine';
          return undefined;
        },
      },
    },
  },
  server: {
    // `npx vite --config console/vite.config.ts` against `npm start` on :3000.
    proxy: { '/api': 'http://127.0.0.1:3000', '/v3': 'http://127.0.0.1:3000', '/docs': 'http://127.0.0.1:3000' },
  },
});
