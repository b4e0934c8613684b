// Which functions of the mutated layers (src/core, src/hooks) run while mocha loads test files.
//
// Why it matters: StrykerJS learns which tests reach a mutant from mocha's root beforeEach, and our
// runner (scripts/strykerMochaRuntime.mjs) activates a mutant only while those tests run. A result
// computed while a test file loads (module level, a describe() body, a table filled by calling the
// product) comes from the unmutated code, so the assertions made on it can never kill a mutant.
//
// How: `mocha --dry-run` loads the files and runs their describe() bodies but no hook or test. It
// runs twice under V8 coverage: once on the test files, once on a file that only imports every
// module of the mutated layers and src/workspace (their own module-level work, which no test can
// avoid). A function counted in the first run and not in the second ran because of a test file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';

const ROOT = resolve(__dirname, '..', '..', '..');
const MOCHA = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
export const MUTATED_LAYERS = ['src/core', 'src/hooks'];

const coverageFile = z.object({
  result: z.array(
    z.object({
      url: z.string(),
      functions: z.array(z.object({ functionName: z.string(), ranges: z.array(z.object({ startOffset: z.number(), count: z.number() })) })),
    }),
  ),
});

/**
 * The names of the functions a source file defines. What else runs under a name is esbuild's module
 * plumbing (tsx output): its helpers, and one getter per export, called whenever a test reads an
 * export such as a constant or a schema, which runs nothing of ours.
 */
function functionNames(file: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name) names.add(node.name.getText());
    if (ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) names.add(node.name.getText());
    if (ts.isPropertyAssignment(node) && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) names.add(node.name.getText());
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true));
  return names;
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** `file function` for every function of the mutated layers that ran, from one mocha --dry-run. */
function functionsRun(files: string[], cwd: string): Set<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pm-loadtime-cov-'));
  try {
    const r = spawnSync(process.execPath, [MOCHA, '--dry-run', '--reporter', 'dot', ...files], { cwd, env: { ...process.env, NODE_V8_COVERAGE: dir }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`mocha --dry-run failed (exit ${String(r.status)}): ${(r.stderr || r.stdout).slice(0, 2000)}`);
    const ran = new Set<string>();
    const prefixes = MUTATED_LAYERS.map((layer) => pathToFileURL(join(ROOT, layer)).href + '/');
    for (const name of readdirSync(dir)) {
      for (const script of coverageFile.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))).result) {
        if (!prefixes.some((p) => script.url.startsWith(p))) continue;
        const file = relative(ROOT, new URL(script.url).pathname);
        const ours = functionNames(file);
        for (const fn of script.functions) {
          const whole = fn.ranges[0];
          // The module's own body (offset 0, no name) runs on every import.
          if (!whole || whole.count === 0 || (fn.functionName === '' && whole.startOffset === 0)) continue;
          if (fn.functionName !== '' && !ours.has(fn.functionName)) continue;
          ran.add(`${file} ${fn.functionName || `(anonymous at offset ${whole.startOffset})`}`);
        }
      }
    }
    return ran;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The functions of src/core and src/hooks that loading `testFiles` runs beyond what importing those
 * layers runs, sorted. Empty when every product call of those files happens inside a test or beforeEach.
 */
export function loadTimeCalls(testFiles: string[], base = importsOnly()): string[] {
  return [...functionsRun(testFiles, ROOT)].filter((f) => !base.has(f)).sort();
}

/** What importing every module of the mutated layers runs (pass it to several loadTimeCalls). */
export function importsOnly(): Set<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'pm-loadtime-'));
  try {
    const baseline = join(scratch, 'importsOnly.test.ts');
    // src/workspace too: its module-level work may call core (no test can avoid that either).
    const modules = [...MUTATED_LAYERS, 'src/workspace'].flatMap((layer) => tsFilesUnder(join(ROOT, layer)));
    writeFileSync(baseline, modules.map((m) => `import ${JSON.stringify(m)};`).join('\n') + '\n');
    return functionsRun([baseline], ROOT);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
