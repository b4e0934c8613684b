// `npm run lint`: typescript-eslint with type information, the hooks rules for the Preact webview, and
// the import boundaries between the layers of CONTRIBUTING.md ("Layers"). Runs in `npm test`.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// eslint:recommended without the @eslint/js package: it is the set of ESLint's own rules marked recommended.
// builtinRules is deprecated: once @eslint/js is a devDependency, its configs.recommended replaces this.
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the one way to the rules while @eslint/js is not installed
const eslintRecommended = Object.fromEntries([...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']));

// The JavaScript files are Node scripts: the globals of the Node that runs the lint are theirs.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// ---- Import boundaries ----
// Which folders of src/ each layer may import from (relative imports), and whether it may use Node's
// built-in modules or 'vscode'. src/protocol*.ts is zod, core and the plain command list only, so core and the webview stay pure through it.
const LAYERS = [
  { layer: 'src/core', may: ['core', 'protocol'], node: false, vscode: false },
  { layer: 'src/workspace', may: ['core', 'workspace'], node: true, vscode: false },
  { layer: 'src/hooks', may: ['core', 'workspace', 'hooks'], node: true, vscode: false },
  { layer: 'src/proxy', may: ['core', 'workspace', 'proxy'], node: true, vscode: false },
  { layer: 'src/cli', may: ['core', 'workspace', 'hooks', 'proxy', 'cli'], node: true, vscode: false },
  { layer: 'src/extension', may: ['core', 'workspace', 'proxy', 'cli', 'protocol', 'extension'], node: true, vscode: true },
];
// The webview is a browser bundle: of src/ only the protocol, the pure core and the doctor's verdict text.
const WEBVIEW_MAY = ['core/', 'protocol\\w*$', 'extension/doctorVerdict$'];
// How deep files sit below a layer's folder; a relative import's target depends on it.
const MAX_DEPTH = 4;

const NODE_BUILTINS = [...new Set(builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/^node:/, '')))];
const noNode = (who) => ({
  paths: NODE_BUILTINS.map((name) => ({ name, message: `${who} may not use Node built-ins.` })),
  patterns: [{ regex: '^node:', message: `${who} may not use Node built-ins.` }],
});
const noVscode = (who) => ({ paths: [{ name: 'vscode', message: `${who} may not import vscode: only src/extension runs in the VS Code host.` }] });
const up = (n) => `(?:\\.\\./){${n}}`;

/** One config block per depth: a file `depth` folders below its layer reaches src/ with depth+1 `../`. */
function layerBlocks({ layer, may, node, vscode }) {
  const allowed = may.map((m) => (m === 'protocol' ? 'protocol\\w*$' : `${m}(?:/|$)`)).join('|');
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const files = [`${layer}/${'*/'.repeat(depth)}*.{ts,tsx}`];
    const restricted = [
      ...(node ? [] : [noNode(layer)]),
      ...(vscode ? [] : [noVscode(layer)]),
      { patterns: [{ regex: `^${up(depth + 1)}(?!${allowed})`, message: `${layer} may import only ${may.join(', ')} of src/ (CONTRIBUTING.md, Layers).` }] },
    ];
    blocks.push({ files, rules: { '@typescript-eslint/no-restricted-imports': ['error', merge(restricted)] } });
  }
  return blocks;
}

function webviewBlocks() {
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const files = [`webview/${'*/'.repeat(depth)}*.{ts,tsx}`];
    const restricted = [
      noNode('webview/'),
      noVscode('webview/'),
      {
        patterns: [
          { regex: `^${up(depth + 1)}src/(?!${WEBVIEW_MAY.join('|')})`, message: 'webview/ may import of src/ only src/protocol*, src/core and src/extension/doctorVerdict (CONTRIBUTING.md, Layers).' },
          { regex: `^${up(depth + 1)}(?!src/|webview/|media/)`, message: 'webview/ may import only webview/, media/ (its stylesheet) and those parts of src/.' },
        ],
      },
    ];
    blocks.push({ files, rules: { '@typescript-eslint/no-restricted-imports': ['error', merge(restricted)] } });
  }
  return blocks;
}

const protocolBlock = {
  files: ['src/protocol*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      merge([noNode('src/protocol*'), noVscode('src/protocol*'), { patterns: [{ regex: '^(?:\\.\\./|\\./(?!core/|protocol\\w*$|extension/commandIds$))', message: 'src/protocol* may import only zod, src/core, each other and the command list (src/extension/commandIds.ts, plain data).' }] }]),
    ],
  },
};

function merge(parts) {
  return { paths: parts.flatMap((p) => p.paths ?? []), patterns: parts.flatMap((p) => p.patterns ?? []) };
}

export default defineConfig(
  { ignores: ['dist/', 'out/', '.cache/', 'reports/', '.stryker-tmp/', 'test-results/', '.vscode-test/', 'test/fixtures/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { rules: eslintRecommended },
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // tsconfig.json has no allowJs: the build, test and setup scripts are typed through the default project.
          allowDefaultProject: ['*.mjs', 'scripts/*.mjs', 'scripts/*.cjs', 'test/vscode/*.mjs', 'bench/*.cjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `_` names a value left out on purpose: an unused parameter of a fixed signature, or the rest of an object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // An async stub of an async interface (Io.readStdin, a confirm that answers at once) has nothing to
      // await; a promise left unawaited is what no-floating-promises and no-misused-promises catch.
      '@typescript-eslint/require-await': 'off',
      // Best-effort clean-up (`try { unlinkSync(p) } catch {}`) has nothing to do when it fails.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A `let` read by a callback made before its assignment (a kill handler and the child's pid) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // From the strict set, where they cost little: a deprecated API (vscode's, Node's) and a catch callback's `e` typed as what it is.
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/use-unknown-in-catch-callback-variable': 'error',
    },
  },
  {
    files: ['**/*.{mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
    rules: {
      // Plain JavaScript has no annotations: what JSON.parse and untyped parameters give is `any` by construction.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // These drivers hand functions to the browser (page.evaluate), which run there.
    files: ['test/vscode/*.mjs'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', navigator: 'readonly', getComputedStyle: 'readonly' } },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // An assertion message may print a list as a,b,c.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowAny: true, allowBoolean: true, allowNullish: true, allowNumber: true, allowRegExp: true, allowArray: true }],
    },
  },
  {
    files: ['webview/**/*.{ts,tsx}'],
    // The rules go by hook names (useEffect, useState, ...), so they apply to Preact's 'preact/hooks' as to React's.
    plugins: reactHooks.configs.flat['recommended-latest'].plugins,
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  ...LAYERS.flatMap(layerBlocks),
  ...webviewBlocks(),
  protocolBlock,
  {
    // src/core is loaded whole and synchronously; lazy loading belongs to src/workspace (see planParser.ts).
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'src/core loads nothing lazily: import statically.' }] },
  },
  {
    // Deeper than the blocks above reach: their boundaries would not be checked.
    files: [...LAYERS.map((l) => l.layer), 'webview'].map((dir) => `${dir}/${'*/'.repeat(MAX_DEPTH + 1)}**/*.{ts,tsx}`),
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: `More than ${MAX_DEPTH} folders below its layer: raise MAX_DEPTH in eslint.config.mjs.` }] },
  },
);
