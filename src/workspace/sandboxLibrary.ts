// The re-runs' sandbox library (@anthropic-ai/sandbox-runtime, with node-forge and its other
// dependencies) is half of the runner's code but only a re-run uses it, while every status line
// and hook start would read and decode it. So the runner carries it as a section of its own,
// after the main code, that only this accessor reads: esbuild.mjs resolves the import below, in
// the runner's bundle, to the loader's reader of that section (scripts/cliLoader.mjs), which
// compiles it on first use. From the source tree (tests under tsx) it is the package itself.
export type SandboxLibrary = typeof import('@anthropic-ai/sandbox-runtime');

/** The library, loaded on the first call; rejects when it cannot load. */
export async function sandboxLibrary(): Promise<SandboxLibrary> {
  return await import('@anthropic-ai/sandbox-runtime');
}
