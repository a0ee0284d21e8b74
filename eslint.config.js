// @ts-check
/**
 * ESLint flat config: the recommended rules (no type-aware rules, to keep lint fast) and the
 * LAYER RULES of docs/architecture.md (dependencies point down only; a layer reaches another
 * only through its public entry, index.ts; only the store names its connection), enforced with
 * `no-restricted-imports`.
 *
 * How the layer rules are built: ESLint does not merge the options of one rule across config
 * objects (the last matching object wins), so every file gets exactly one complete
 * `no-restricted-imports` entry: the default entry below for files outside the layers (tests,
 * scripts, bench, configs, the CLI), then entries per layer folder that repeat the global
 * restrictions the layer is subject to and add its own.
 *
 * Relative imports are matched by where they resolve: each layer gets one config object per
 * folder depth, so inside src-main/gateway '../server/app.js' and '../../src-main/server' are
 * refused while a file's own './app' or (one folder down) '../app' is not mistaken for a layer.
 * scripts/check-layers.mjs proves the rules fire (run by `npm test` with the lint step).
 */
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Top to bottom. A layer may import the layers below it, never the ones above. */
const LAYERS = [
  'src-renderer',
  'src-preload',
  'src-main/electron',
  'src-main/cli',
  'src-main/app',
  'src-main/server',
  'src-main/sync',
  'src-main/reports',
  'src-main/gateway',
  'src-main/figures',
  'src-main/demo',
  'src-main/store',
  'src-main/domain',
  'src-main/contract',
];

const SOURCE_FILES = '**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}';
const WHY = 'docs/architecture.md: dependencies point down only.';

/** @param {string} s */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @typedef {{ regex: string, message: string, caseSensitive: true }} Restriction */

/** @param {string} regex @param {string} message @returns {Restriction} */
const restrict = (regex, message) => ({ regex, message, caseSensitive: true });

/** Folder depths below a layer that get their own exact rules; deeper files share the last. */
const MAX_DEPTH = 6;

/**
 * A regex matching relative imports, written in a file `depth` folders below `layer`, that
 * resolve into `target` (a layer folder). Depth matters: inside src-main/server, './app' and
 * (from src-main/server/routes/) '../app' are src-main/server/app.ts, while '../app' from
 * src-main/server/x.ts is the app layer. Every spelling from the shortest ('../app') to the
 * one through the repository root ('../../src-main/app') is matched.
 */
function layerImportRegex(/** @type {string} */ layer, /** @type {number} */ depth, /** @type {string} */ target) {
  // The deepest rule also covers every deeper folder: there, at least that many '../'.
  const atLeast = depth >= MAX_DEPTH ? ',' : '';
  const from = layer.split('/');
  const to = target.split('/');
  let common = 0;
  while (common < from.length && common < to.length && from[common] === to[common]) common += 1;
  const segments = from.length + depth; // folders between the repository root and the file
  const spellings = [];
  for (let extra = 0; extra <= common; extra += 1) {
    const ups = segments - common + extra;
    spellings.push(`(?:\\.\\./){${ups}${atLeast}}${to.slice(common - extra).map(escape).join('/')}`);
  }
  return `^(?:\\./)?(?:${spellings.join('|')})(?:/|$)`;
}

/**
 * The public entries of each layer folder (docs/architecture.md): the layer's index.ts, and for
 * the store also its PostgreSQL engine's entry (store/postgres/index.ts), kept apart so that the
 * Electron bundle never loads `pg`.
 */
const SECOND_ENTRIES = { 'src-main/store': ['postgres'] };
const INDEX = '(?:/index(?:\\.[cm]?[jt]sx?)?)?$';

/**
 * A regex matching relative imports, from a file `depth` folders below `layer`, that reach into
 * `target` past its public entry: '../store/deals' from src-main/gateway/x.ts, but not '../store',
 * '../store/index' or '../store/postgres'.
 */
function deepImportRegex(/** @type {string} */ layer, /** @type {number} */ depth, /** @type {string} */ target) {
  const into = layerImportRegex(layer, depth, target).replace(/\(\?:\/\|\$\)$/, '');
  const entries = ['', ...(SECOND_ENTRIES[/** @type {keyof typeof SECOND_ENTRIES} */ (target)] ?? []).map((e) => `/${escape(e)}`)];
  return `${into}(?!${entries.map((e) => `${e}${INDEX}`).join('|')})/`;
}

/** The layer folders of src-main that other code reaches through an entry. */
const ENTRY_LAYERS = [
  'src-main/electron',
  'src-main/app',
  'src-main/server',
  'src-main/sync',
  'src-main/reports',
  'src-main/gateway',
  'src-main/figures',
  'src-main/demo',
  'src-main/store',
  'src-main/domain',
  'src-main/contract',
];

/** @param {string} layer @param {number} depth */
function throughEntries(layer, depth) {
  return ENTRY_LAYERS.filter((target) => target !== layer).map((target) =>
    restrict(
      deepImportRegex(layer, depth, target),
      `${layer} reaches ${target} only through its public entry (${target}/index.ts${target === 'src-main/store' ? ' or store/postgres/index.ts' : ''}): import the folder, not a module inside it. docs/architecture.md: a layer reaches another through its public entry.`,
    ),
  );
}

const NODE_BUILTINS = [...new Set(builtinModules.map((m) => m.replace(/^node:/, '').split('/')[0]))];

// --- restrictions --------------------------------------------------------------------------

const ELECTRON = [
  restrict('^electron(?:/.*)?$', `Only src-main/electron, src-main/index.ts and src-preload may import 'electron'. ${WHY}`),
  restrict('^electron-store$', `Only src-main/electron may import 'electron-store'. ${WHY}`),
];
const DATABASE = [
  restrict('^drizzle-orm(?:/.*)?$', `Only src-main/store may import drizzle-orm: it is the only code that sees SQL. ${WHY}`),
  restrict('^better-sqlite3$', `Only src-main/store may import better-sqlite3: it is the only code that sees SQL. ${WHY}`),
  restrict('^pg(?:/.*)?$', `Only src-main/store may import pg (PostgreSQL): it is the only code that sees SQL. ${WHY}`),
];
/**
 * The connection's module (store/db.ts, type `Db`): only the store opens or names the SQLite
 * connection. Above it, the layers use the storage port, and the workstation-only features hold
 * the connection as the store entry's opaque SqliteHandle; a SQLite file is opened by the store's
 * one opener, openSqliteStore (store/sqlite-store.ts).
 */
const CONNECTION = [
  restrict('(?:^|/)store/db(?:\\.[cm]?[jt]s)?$', `Only the store opens or names the SQLite connection (store/db): use the storage port, or the store entry's SqliteHandle and openSqliteStore. ${WHY}`),
];
/** The renderer and the preload take the contract from its entry (src-main/contract/index.ts). */
const CONTRACT_ENTRY = [
  restrict(
    '(?:^|/)src-main/contract/(?!index(?:\\.[cm]?[jt]sx?)?$)',
    `The contract is reached through its public entry (src-main/contract/index.ts): import the folder, not a module inside it. ${WHY}`,
  ),
];
const NODE = [
  restrict(
    `^(?:node:.*|(?:${NODE_BUILTINS.map(escape).join('|')})(?:/.*)?)$`,
    'No Node built-ins here: this code also runs in the browser / must stay pure.',
  ),
];

/** @param {string} layer @param {number} depth */
function upwardImports(layer, depth) {
  const above = LAYERS.slice(0, LAYERS.indexOf(layer));
  return above.map((upper) =>
    restrict(layerImportRegex(layer, depth, upper), `${layer} may not import ${upper} (a layer above it). ${WHY}`),
  );
}

/** @type {Record<string, (depth: number) => Restriction[]>} */
const LAYER_RULES = {
  'src-renderer': () => [
    ...ELECTRON,
    ...DATABASE,
    ...NODE,
    restrict(
      '(?:^|/)src-main/(?!contract(?:/|$))',
      `src-renderer may import only src-main/contract (types) from the main process; talk to it through window.uw. ${WHY}`,
    ),
    ...CONTRACT_ENTRY,
  ],
  'src-preload': (depth) => [
    restrict('^(?![./])(?!electron$)', `src-preload may import only 'electron' and src-main/contract. ${WHY}`),
    restrict('(?:^|/)src-main/(?!contract(?:/|$))', `src-preload may import only 'electron' and src-main/contract. ${WHY}`),
    ...upwardImports('src-preload', depth),
    ...CONTRACT_ENTRY,
  ],
  'src-main/electron': (depth) => [...DATABASE, ...CONNECTION, ...upwardImports('src-main/electron', depth)],
  // The command line is a composition root: every layer below it, each through its entry.
  'src-main/cli': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/cli', depth)],
  'src-main/app': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/app', depth)],
  'src-main/server': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/server', depth)],
  'src-main/sync': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/sync', depth)],
  'src-main/reports': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/reports', depth)],
  'src-main/gateway': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/gateway', depth)],
  // Derived figures, between the store and the gateway: store (through its port), domain, contract.
  'src-main/figures': (depth) => [
    ...ELECTRON,
    ...DATABASE,
    ...CONNECTION,
    ...upwardImports('src-main/figures', depth),
    restrict(layerImportRegex('src-main/figures', depth, 'src-main/demo'), `src-main/figures may not import src-main/demo: figures read the store only. ${WHY}`),
  ],
  'src-main/demo': (depth) => [...ELECTRON, ...DATABASE, ...CONNECTION, ...upwardImports('src-main/demo', depth)],
  'src-main/store': (depth) => [...ELECTRON, ...upwardImports('src-main/store', depth)],
  'src-main/domain': (depth) => [
    restrict('^(?![./])', `src-main/domain imports nothing but domain: no packages (not even zod), no Node built-ins. ${WHY}`),
    ...upwardImports('src-main/domain', depth),
    restrict(layerImportRegex('src-main/domain', depth, 'src-main/contract'), `src-main/domain imports nothing but domain. ${WHY}`),
  ],
  'src-main/contract': (depth) => [
    restrict('^(?![./])(?!zod(?:/|$))', `src-main/contract imports only zod (preload and renderer import its types). ${WHY}`),
    ...upwardImports('src-main/contract', depth),
  ],
};

/**
 * The renderer's feature folders (docs/architecture.md, "The renderer's feature folders"): each
 * screen's feature lives in src-renderer/features/<name>/ with its entry index.ts; what several
 * features use lives in src-renderer/shared/. A feature reaches another only through that
 * feature's entry, App.tsx and main.tsx likewise, and shared/ imports no feature (it sits below
 * them all). Read from the folders on disk, so a new feature folder is covered without a list.
 */
const RENDERER_FEATURES = readdirSync(new URL('./src-renderer/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The restrictions of a file `depth` folders below src-renderer/features/<feature>. */
function featureRules(/** @type {string} */ feature, /** @type {number} */ depth) {
  const here = `src-renderer/features/${feature}`;
  return RENDERER_FEATURES.filter((other) => other !== feature).map((other) =>
    restrict(
      deepImportRegex(here, depth, `src-renderer/features/${other}`),
      `The ${feature} feature reaches the ${other} feature only through its entry (src-renderer/features/${other}/index.ts), or shares the code through src-renderer/shared/: import the folder, not a module inside it. docs/architecture.md: the renderer's feature folders.`,
    ),
  );
}

/** The restrictions of a file `depth` folders below src-renderer/shared: no feature at all. */
function sharedRules(/** @type {number} */ depth) {
  return [
    restrict(
      layerImportRegex('src-renderer/shared', depth, 'src-renderer/features'),
      'src-renderer/shared is used by the features and imports none of them: move what both need into shared/. docs/architecture.md: the renderer\'s feature folders.',
    ),
  ];
}

/** The restrictions of the renderer's root files (App.tsx, main.tsx): features through their entries. */
const RENDERER_ROOT = RENDERER_FEATURES.map((feature) =>
  restrict(
    deepImportRegex('src-renderer/(root)', -1, `src-renderer/features/${feature}`),
    `App.tsx reaches the ${feature} feature only through its entry (src-renderer/features/${feature}/index.ts). docs/architecture.md: the renderer's feature folders.`,
  ),
);

/** The renderer's config objects, after the layer's own: each repeats the layer's restrictions. */
function rendererConfigs() {
  const layer = LAYER_RULES['src-renderer'](0);
  const perDepth = (/** @type {string} */ folder, /** @type {string} */ name, /** @type {(depth: number) => Restriction[]} */ rules) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `layers/${name}/depth-${depth}`,
      files: [`${folder}/${'*/'.repeat(depth)}${depth === MAX_DEPTH ? '**/' : ''}*`],
      rules: noRestrictedImports([...layer, ...rules(depth)]),
    }));
  return [
    { name: 'layers/src-renderer/root', files: ['src-renderer/*'], rules: noRestrictedImports([...layer, ...RENDERER_ROOT]) },
    ...perDepth('src-renderer/shared', 'src-renderer/shared', sharedRules),
    ...RENDERER_FEATURES.flatMap((feature) =>
      perDepth(`src-renderer/features/${feature}`, `src-renderer/features/${feature}`, (depth) => featureRules(feature, depth)),
    ),
  ];
}

/**
 * `no-restricted-imports` sees import and export declarations only, not a dynamic `import('...')`
 * (the way a layer loads a module on first use: the demo generator, the PostgreSQL engine, the
 * report writers). This local rule applies the same restrictions to dynamic imports whose source
 * is a constant string, and to TypeScript's `typeof import('...')` types, so that a lazily loaded
 * module is reached through a layer's entry like any other.
 * @type {import('eslint').ESLint.Plugin}
 */
const layersPlugin = {
  rules: {
    'dynamic-imports': {
      meta: {
        type: 'problem',
        docs: { description: 'the restrictions of no-restricted-imports, applied to dynamic import() and import types' },
        schema: [
          {
            type: 'object',
            properties: {
              patterns: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { regex: { type: 'string' }, message: { type: 'string' }, caseSensitive: { type: 'boolean' } },
                  required: ['regex'],
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        ],
      },
      create(context) {
        /** @type {{ patterns?: { regex: string, message?: string, caseSensitive?: boolean }[] }} */
        const options = context.options[0] ?? {};
        const patterns = (options.patterns ?? []).map((p) => ({ test: new RegExp(p.regex, p.caseSensitive ? 'u' : 'iu'), message: p.message }));
        /** The module a constant source names ('x' or `x`), or undefined for a computed one. */
        const sourceOf = (/** @type {any} */ node) => {
          if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
          if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
          if (node?.type === 'TSLiteralType') return sourceOf(node.literal);
          return undefined;
        };
        const check = (/** @type {any} */ node, /** @type {any} */ sourceNode) => {
          const source = sourceOf(sourceNode);
          if (source === undefined) return;
          const hit = patterns.find((p) => p.test.test(source));
          if (hit) context.report({ node, message: `'${source}' (dynamic import): ${hit.message ?? 'restricted'}` });
        };
        return {
          ImportExpression: (node) => check(node, node.source),
          // typescript-eslint's import type: `typeof import('../store/deals')`.
          /** @param {any} node */
          TSImportType: (node) => check(node, node.source ?? node.argument),
        };
      },
    },
  },
};

/** Both rules, one list: static imports (no-restricted-imports) and dynamic ones (layers/dynamic-imports). */
const noRestrictedImports = (/** @type {Restriction[]} */ patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'layers/dynamic-imports': ['error', { patterns }],
});

/** One config object per layer and folder depth, each with the complete restriction list. */
function layerConfigs() {
  return Object.entries(LAYER_RULES).flatMap(([layer, rulesAt]) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `layers/${layer}/depth-${depth}`,
      files: [`${layer}/${'*/'.repeat(depth)}${depth === MAX_DEPTH ? '**/' : ''}*`],
      rules: noRestrictedImports([...rulesAt(depth), ...(layer.startsWith('src-main/') ? throughEntries(layer, depth) : [])]),
    })),
  );
}

// --- config ------------------------------------------------------------------------------------

export default defineConfig([
  globalIgnores(['out/', 'node_modules/', 'test-results/', 'playwright-report/', '.reports/', 'coverage/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: [SOURCE_FILES],
    plugins: { layers: layersPlugin },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src-preload/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use nothing.
    files: ['test/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },

  // Layer rules. Default for everything outside the layers: no electron, no drizzle/SQLite.
  { files: [SOURCE_FILES], rules: noRestrictedImports([...ELECTRON, ...DATABASE]) },
  // The Electron composition root may import electron; the layers through their entries.
  { files: ['src-main/index.ts'], rules: noRestrictedImports([...DATABASE, ...CONNECTION, ...throughEntries('src-main/(root)', -1)]) },
  // Tests are no layer: they may open the SQLite file to check what the store wrote
  // (WAL mode, outbox rows after a kill), but never import electron (it throws under Node).
  { files: ['test/**'], rules: noRestrictedImports(ELECTRON) },
  ...layerConfigs(),
  ...rendererConfigs(),
  // The store owns its connection: above it, no code touches the raw better-sqlite3 handle (it
  // holds the connection as the store entry's opaque SqliteHandle; transactions are the store's).
  {
    files: ['src-main/**'],
    ignores: ['src-main/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='$client']", message: `Only src-main/store may use the raw SQLite handle ($client): call a store function. ${WHY}` },
      ],
    },
  },
]);
