// StrykerJS plugin "mocha-runtime": the mocha runner, but it tells Stryker that it can reload its
// test environment, which it cannot (mocha loads the tests with `import`).
//
// Why: a "hybrid" mutant is reached both by tests and by work done while the test files load
// (module-level code, describe() bodies). With ignoreStatic on, Stryker already runs such a mutant
// with only the tests that reach it and activates it at run time; it would also restart the test
// process first (about 8 s here with 152 test files), so that the load-time work sees the mutant.
// This runner skips that restart: the mutant is active while its tests run, and what the test files
// computed while loading keeps the original code. A test can then only miss a kill, never invent
// one, so the score is a lower bound of the one a restart per mutant would give, at a fraction of
// the time. Stryker still restarts the process after a timeout or a crash.
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
