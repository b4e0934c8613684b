// Loaded first (NODE_OPTIONS --require) in every StrykerJS process by scripts/mutate.mjs.
// @stryker-mutator/mocha-runner 10.0.0 requires mocha's lib/cli/run-helpers, options and
// collect-files without an extension, but mocha 12 ships them as .cjs files, which require() does
// not try: without this the runner plugin fails to load ("Cannot find TestRunner plugin mocha").
// Only those three requests are redirected; everything else resolves as usual.
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (typeof request === 'string' && /[\\/]mocha[\\/]lib[\\/]cli[\\/](run-helpers|options|collect-files)$/.test(request)) request += '.cjs';
  return resolve.call(this, request, ...rest);
};

// The TypeScript checker type-checks each group of mutants through TypeScript's watch builder,
// which waits 250 ms after a file changes before it rebuilds (a debounce for editors saving many
// files). Stryker writes a group's files all at once, so the wait is only idle time (not measured
// apart from the other changes). Every Stryker worker (checker or test runner) starts from
// this file, in the sandbox folder; the checker imports TypeScript as an ES module, which shares
// this CommonJS instance, so the timer is shortened here, before the import. A test runner
// loads TypeScript once for nothing.
if (process.argv[1] && process.argv[1].endsWith('child-process-proxy-worker.js')) {
  const ts = require(require.resolve('typescript', { paths: [process.cwd()] }));
  const setTimer = ts.sys.setTimeout;
  if (setTimer) ts.sys.setTimeout = (callback, _ms, ...args) => setTimer(callback, 0, ...args);
}
