/**
 * The console's JavaScript weight, gzipped, from its build (console/dist): what the login page
 * loads first (the entry script and the chunks index.html preloads) and every chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ConsoleWeight {
  /** Bytes, gzipped, of the scripts the login page loads. */
  firstLoad: number;
  firstLoadFiles: number;
  /** Every chunk, largest first. */
  chunks: { file: string; gzipped: number; firstLoad: boolean }[];
}

export function consoleWeight(dist: string): ConsoleWeight {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const firstLoadFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`)
    .map((file) => ({ file, gzipped: gzipped(file), firstLoad: firstLoadFiles.includes(file) }))
    .sort((a, b) => b.gzipped - a.gzipped);
  return {
    firstLoad: chunks.filter((chunk) => chunk.firstLoad).reduce((sum, chunk) => sum + chunk.gzipped, 0),
    firstLoadFiles: firstLoadFiles.length,
    chunks,
  };
}
