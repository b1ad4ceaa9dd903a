#!/usr/bin/env node
/**
 * The second half of `npm run build`: tsc compiles kernel/ and modules/ into dist/, and this
 * copies what tsc does not — every other file of those folders (each module's manifest.json,
 * README.md, spec and aiRules files, SQL, templates…) — to the same place under dist/, so a
 * compiled module folder is whole: the kernel checks that the files a manifest names exist.
 *
 * TypeScript sources are not copied (their .js is there); declaration files are. Nothing is
 * deleted: run it after tsc, on a dist/ that tsc just wrote.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist');
const FOLDERS = ['kernel', 'modules'];

/** Files tsc already turned into .js, or that are never part of a running server. */
function skipped(name) {
  if (name.endsWith('.d.ts')) return false;
  return /\.(ts|tsx|mts|cts)$/.test(name) || /\.test\.[cm]?[jt]s$/.test(name);
}

function copyTree(from, to) {
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.DS_Store') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied += copyTree(source, target);
    } else if (entry.isFile() && !skipped(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
      copied += 1;
    }
  }
  return copied;
}

if (!fs.existsSync(out)) {
  process.stderr.write('copy-assets: dist/ does not exist; run tsc -p tsconfig.build.json first\n');
  process.exit(1);
}
let total = 0;
for (const folder of FOLDERS) {
  const from = path.join(root, folder);
  if (fs.existsSync(from)) total += copyTree(from, path.join(out, folder));
}
process.stdout.write(`copy-assets: ${total} files copied into dist/\n`);
