import { defineConfig } from 'vitest/config';

/** The console's unit tests (`npm test` runs them after mocha): plain TypeScript, no browser. */
export default defineConfig({
  root: __dirname,
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
