/**
 * Mocha's `spec` reporter, plus one plain line at the very end that any CI log parser (or a
 * person scrolling a long log) can find: `N passed, N failed`, with `, N skipped` when tests
 * were pending. Wired in `.mocharc.js`.
 */
'use strict';

const Mocha = require('mocha');

const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    // Spec subscribed its epilogue in its constructor, before this: the line comes after it.
    runner.once(EVENT_RUN_END, () => {
      const { passes = 0, failures = 0, pending = 0 } = this.stats;
      const skipped = pending > 0 ? `, ${pending} skipped` : '';
      Mocha.reporters.Base.consoleLog(`${passes} passed, ${failures} failed${skipped}`);
    });
  }
}

module.exports = SummaryReporter;
