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
