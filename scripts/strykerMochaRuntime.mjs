// StrykerJS plugin "mocha-runtime": the mocha runner, but it tells Stryker that it can reload its
// test environment, which it cannot (mocha loads the tests with `import`).
//
// Why: a "hybrid" mutant is reached both by tests and by work done while the test files load
// (src's own module-level work). With ignoreStatic on, Stryker runs such a mutant with only the
// tests that reach it and activates it at run time, like any other; but it first restarts the test
// process (several seconds here, 152 test files to load again), and the restarted process loads
// the files with the mutant inactive (mocha-test-runner.js sets a run-time activation after
// loadFilesAsync). So the restart gives the mutant nothing a hot swap does not, except a clean
// slate of module-level state, which StrykerJS already goes without for every other mutant; this
// runner skips it. Stryker still restarts after a timeout or a crash.
// test/unit/loadTimeCalls.test.ts keeps the test files from computing product results while they
// load, where no mutant can reach them.
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { createMochaTestRunner } from '@stryker-mutator/mocha-runner';

function mochaRuntimeRunner(injector) {
  const runner = injector.injectFunction(createMochaTestRunner);
  const capabilities = async () => ({ ...(await runner.capabilities()), reloadEnvironment: true });
  return new Proxy(runner, {
    get(target, key) {
      if (key === 'capabilities') return capabilities;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
mochaRuntimeRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'mocha-runtime', mochaRuntimeRunner)];
