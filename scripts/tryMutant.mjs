// node scripts/tryMutant.mjs <report.json> <src file> <mutant id>... -- <test file>...
// Proves a kill without a whole StrykerJS run: for each mutant id of <src file> in a StrykerJS
// report (.cache/stryker/incremental.json or reports/mutation/mutation.json) it writes the
// mutant's replacement into the file, type-checks the file and the files that import it (a
// TypeScript language service on tsconfig.stryker.json, like the checker of `npm run mutate`), runs
// mocha with bail on the test files if that passes, prints COMPILE-ERROR (not a mutant any test
// needs to kill), KILLED or SURVIVED, and puts the file back. The file must be the report's source.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import process from 'node:process';

const ts = createRequire(resolve('package.json'))('typescript');
const args = process.argv.slice(2);
const sep = args.indexOf('--');
const [reportPath, file, ...ids] = sep < 0 ? args : args.slice(0, sep);
const tests = sep < 0 ? [] : args.slice(sep + 1);
if (!reportPath || !file || ids.length === 0 || tests.length === 0) {
  process.stderr.write('usage: node scripts/tryMutant.mjs <report.json> <src file> <mutant id>... -- <test file>...\n');
  process.exit(2);
}
const entry = JSON.parse(readFileSync(reportPath, 'utf8')).files[file];
if (!entry) {
  process.stderr.write(`tryMutant: ${file} is not in ${reportPath}\n`);
  process.exit(2);
}
/** @type {string} */
const original = readFileSync(file, 'utf8');
if (original !== entry.source) {
  process.stderr.write(`tryMutant: ${file} differs from the source in the report; run the mutation again first\n`);
  process.exit(2);
}
const offset = (text, { line, column }) => {
  let at = 0;
  for (let i = 1; i < line; i++) at = text.indexOf('\n', at) + 1;
  return at + column - 1;
};

// The mutated text lives only in the language service until the tests run.
const abs = resolve(file);
const cfg = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.stryker.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
let version = 0;
let mutated = original;
const ls = ts.createLanguageService(
  {
    getScriptFileNames: () => cfg.fileNames,
    getScriptVersion: (f) => (f === abs ? String(version) : '0'),
    getScriptSnapshot: (f) => {
      const text = f === abs ? mutated : ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => cfg.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  },
  ts.createDocumentRegistry(),
);
const importsFile = (sf) =>
  sf.statements.some(
    (s) =>
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      ts.resolveModuleName(s.moduleSpecifier.text, sf.fileName, cfg.options, ts.sys).resolvedModule?.resolvedFileName === abs,
  );
const checked = [abs, ...ls.getProgram().getSourceFiles().filter((sf) => !sf.isDeclarationFile && sf.fileName !== abs && importsFile(sf)).map((sf) => sf.fileName)];
const compiles = () => checked.every((f) => ls.getSyntacticDiagnostics(f).length === 0 && ls.getSemanticDiagnostics(f).length === 0);

try {
  for (const id of ids) {
    const m = entry.mutants.find((x) => String(x.id) === id);
    if (!m) {
      process.stdout.write(`#${id} is not a mutant of ${file}\n`);
      continue;
    }
    const a = offset(original, m.location.start);
    const b = offset(original, m.location.end);
    // StrykerJS replaces one syntax node: an expression's replacement goes in parenthesized, so
    // `a || b && c` with `b && c` → `false` stays `a || (false)`, never a new precedence.
    // A statement's (`seen.add(k);` → `;`, a whole `if (…) …`) goes in as it is.
    const replaced = original.slice(a, b);
    const statement = m.mutatorName === 'BlockStatement' || /^\s*(case|default|if|for|while|do|return|throw|const|let|var)\b/.test(replaced) || /;\s*$/.test(replaced);
    mutated = original.slice(0, a) + (statement ? m.replacement : `(${m.replacement})`) + original.slice(b);
    version += 1;
    const label = `#${id} ${m.mutatorName} ${JSON.stringify(original.slice(a, b)).slice(0, 80)} → ${JSON.stringify(m.replacement).slice(0, 80)}`;
    if (!compiles()) {
      process.stdout.write(`${label}: COMPILE-ERROR\n`);
      continue;
    }
    writeFileSync(file, mutated);
    const r = spawnSync(process.execPath, ['node_modules/mocha/bin/mocha.js', '--bail', '--reporter', 'dot', ...tests], { encoding: 'utf8' });
    process.stdout.write(`${label}: ${r.status === 0 ? 'SURVIVED' : 'KILLED'}\n`);
  }
} finally {
  writeFileSync(file, original);
}
