// ESLint for the whole repository (`npm test` runs it as the `lint` suite; `npx eslint .` by hand).
// Besides the usual rules it guards the architecture of ../shared/DESIGN.md: no import cycles,
// and the layers of each workspace (see LAYERS below), so that a wrong import fails the build.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const ADMIN = 'apps/admin/src';
const SERVER = 'apps/server/src';

/**
 * The server's shared services (server-infra, above the engine): who may use whom among them, one
 * way only. Every one of them may use the engine and the foundations.
 */
const SERVER_INFRA_USES = {
  auth: [],
  jobs: [],
  storage: [],
  // The public API's reads (/public/v1) and its counters.
  delivery: [],
  // The cable authenticates staff tokens and carries the public channels' objects.
  realtime: ['auth', 'delivery'],
  // Scheduled publication: jobs that change what is public, told to realtime subscribers.
  publication: ['jobs', 'realtime'],
  // Keys of the delivery API: the check of every keyed request, and the staff's routes.
  'delivery-keys': ['delivery', 'jobs', 'realtime'],
  // Fans' identities, limits and writes: passwords hashed as staff's are, and the delivery key's client.
  'fan-api': ['auth', 'delivery', 'delivery-keys', 'jobs', 'realtime'],
};

/**
 * Server capabilities (server-capability: every other folder of src/) that use another one, and
 * why; none other may. One way only (checked below).
 */
const SERVER_CAPABILITY_USES = {
  // An article embeds the page builder's components and writes its rich text as HTML.
  articles: ['content'],
  // The current page shows standings, squads and statistics.
  content: ['competition'],
  // The predictor's views on the current page; predictions settle when a match changes.
  'match-predictor': ['content', 'matches'],
  // Quizzes are hidden from the current page's readers.
  quizzes: ['content'],
  // Generated fixtures are written as an import batch, so undo removes them.
  fixtures: ['imports'],
  // Transcoding probes and runs ffmpeg as the media library does.
  ott: ['media'],
  // Match alerts are made from incidents and line-ups, in their writes, with the match's score.
  push: ['matches'],
};

/** Fails loading this file when `uses` (name → names it may import) has a cycle: a layer is one-way. */
function assertOneWay(uses, what) {
  const done = new Set();
  const visit = (name, path) => {
    if (path.includes(name)) throw new Error(`${what}: ${[...path.slice(path.indexOf(name)), name].join(' → ')} is a cycle`);
    if (done.has(name)) return;
    for (const next of uses[name] ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of Object.keys(uses)) visit(name, []);
}
assertOneWay(SERVER_INFRA_USES, 'SERVER_INFRA_USES');
assertOneWay(SERVER_CAPABILITY_USES, 'SERVER_CAPABILITY_USES');

/** Selects the files of the given categories (see ELEMENTS); `captured` narrows them by captured folder names. */
const files = (categories, captured) => ({ file: captured ? { categories, captured } : { categories } });

/** Policies letting each named element of `category` import the ones `uses` names. */
const usesPolicies = (category, uses) =>
  Object.entries(uses)
    .filter(([, others]) => others.length)
    .map(([name, others]) => ({ from: files(category, { name }), allow: { to: files(category, { name: others }) } }));

/**
 * Elements of the architecture, lowest first. A file belongs to the first element whose pattern
 * matches its whole path (`boundaries/files-single-match` below); `name` captures the feature or
 * resource folder. eslint-plugin-boundaries 7 calls these file descriptors (`boundaries/files`):
 * its element descriptors match folders, and several elements here are single files.
 */
const ELEMENTS = [
  { category: 'schema', pattern: 'packages/schema/src/**' },
  // The page renderers (packages/render): React and the schema only, so the website and the admin can both take them.
  { category: 'render-test', pattern: ['packages/render/src/**/*.test.{ts,tsx}', 'packages/render/test/**', 'packages/render/vitest.config.ts'] },
  { category: 'render', pattern: 'packages/render/**' },
  // A stand-in of an outside service (the local push service that decrypts Web Push), shared by the
  // API tests, the browser tests and the benchmarks; it imports nothing of the project.
  { category: 'test-double', pattern: 'apps/server/test/support/push-service.ts' },
  // The server, lowest first (see LAYERS). Tests may reach whatever they test.
  { category: 'server-test', pattern: ['apps/server/test/**', `${SERVER}/**/*.test.ts`, 'apps/server/vitest.config.ts'] },
  // telemetry: spans of the database's statements and of every layer above it.
  { category: 'server-foundation', pattern: [`${SERVER}/config.ts`, `${SERVER}/db/**`, `${SERVER}/text/**`, `${SERVER}/telemetry/**`] },
  { category: 'server-engine', pattern: `${SERVER}/jsonapi/**` },
  { category: 'server-infra', pattern: `${SERVER}/@(${Object.keys(SERVER_INFRA_USES).join('|')})/**`, capture: ['name'] },
  // The app shell: building the app (app.ts, rules.ts, errors-handler.ts), starting it (server.ts, main.ts), the CLI, demo data.
  { category: 'server-app', pattern: [`${SERVER}/*.ts`, `${SERVER}/seed/**`] },
  { category: 'server-capability', pattern: `${SERVER}/*/**`, capture: ['name'] },
  // The league's website: its server half renders pages from the delivery API with the renderers;
  // its browser half (src/client) knows only the DOM, the schema and its own files.
  { category: 'site-client', pattern: 'apps/site/src/client/**' },
  { category: 'site', pattern: 'apps/site/**' },
  // Tests may reach whatever they test; the helpers they share are in src/test/.
  { category: 'admin-test', pattern: `${ADMIN}/**/*.test.{ts,tsx}` },
  { category: 'admin-test-support', pattern: `${ADMIN}/test/**` },
  { category: 'admin-lib', pattern: `${ADMIN}/lib/**` },
  { category: 'admin-providers', pattern: `${ADMIN}/providers/**` },
  { category: 'admin-framework', pattern: `${ADMIN}/framework/**` },
  { category: 'admin-feature', pattern: `${ADMIN}/features/*/**`, capture: ['name'] },
  { category: 'admin-resource', pattern: `${ADMIN}/resources/*/*/**`, capture: ['section', 'name'] },
  { category: 'admin-app', pattern: [`${ADMIN}/app/**`, `${ADMIN}/main.tsx`, `${ADMIN}/*.d.ts`] },
  { category: 'admin-build', pattern: ['apps/admin/vite/**', 'apps/admin/*.ts'] },
  // Scripts the app serves as they are (the player script of spec §2).
  { category: 'admin-public', pattern: 'apps/admin/public/**' },
  // Files the server sends as they are (the API reference's start script and theme): they import nothing.
  { category: 'server-assets', pattern: 'apps/server/assets/**' },
  { category: 'e2e', pattern: 'e2e/**' },
  { category: 'tooling', pattern: ['bench/**', 'scripts/**', '*.js'] },
];

/** Every element of the server's code (its tests aside). */
const SERVER_ELEMENTS = ['server-app', 'server-capability', 'server-infra', 'server-engine', 'server-foundation'];

/** Who may import whom. Anything not listed is refused. */
const LAYERS = [
  // The shared package imports no app.
  { from: files('schema'), allow: { to: files('schema') } },
  { from: files('render'), allow: { to: files(['render', 'schema']) } },
  { from: files('render-test'), allow: { to: files(['render-test', 'render', 'schema']) } },
  // test-double imports nothing of the project: no policy allows it anything.
  // The server, one way: foundations <- engine <- shared services <- capabilities <- app shell, and
  // tests over all of it ("capabilities on the engine, the engine on the database": ../shared/DESIGN.md).
  // Foundations: configuration, the database (facade, migrations, columns, values, data versions,
  // the caches of reads its commits drop) and text functions. They know nothing above them.
  { from: files('server-foundation'), allow: { to: files(['server-foundation', 'schema']) } },
  // The JSON:API engine (declarations, routes, read, write, query, errors, the history of changes).
  // What it needs from above it declares and is handed by the app: the change bus (ChangePublisher),
  // the services of writes (WriteServices: storage); a request's identity (access.ts) is filled by auth/.
  { from: files('server-engine'), allow: { to: files(['server-engine', 'server-foundation', 'schema']) } },
  // Shared services (SERVER_INFRA_USES): each uses its own files, the engine, the foundations, and the services it lists.
  {
    from: files('server-infra'),
    allow: [{ to: files('server-infra', { name: '{{ from.file.captured.name }}' }) }, { to: files(['server-engine', 'server-foundation', 'schema']) }],
  },
  ...usesPolicies('server-infra', SERVER_INFRA_USES),
  // A capability uses the services below it and its own files; another capability only as SERVER_CAPABILITY_USES lists.
  {
    from: files('server-capability'),
    allow: [
      { to: files('server-capability', { name: '{{ from.file.captured.name }}' }) },
      { to: files(['server-infra', 'server-engine', 'server-foundation', 'schema']) },
    ],
  },
  ...usesPolicies('server-capability', SERVER_CAPABILITY_USES),
  // The app shell wires everything; it mounts the website (npm start's /site), which never imports the server.
  { from: files('server-app'), allow: { to: files([...SERVER_ELEMENTS, 'schema', 'site']) } },
  { from: files('server-test'), allow: { to: files([...SERVER_ELEMENTS, 'server-test', 'schema', 'test-double', 'site']) } },
  { from: files('site'), allow: { to: files(['site', 'render', 'schema']) } },
  // The browser half says the renderers' own words (@umpire/render/texts, no React; see the rule below).
  { from: files('site-client'), allow: { to: files(['site-client', 'schema', 'render']) } },
  // The admin never imports server code. lib/ and providers/ know no screen.
  { from: files('admin-lib'), allow: { to: files(['admin-lib', 'schema']) } },
  { from: files('admin-providers'), allow: { to: files(['admin-providers', 'admin-lib', 'schema']) } },
  // The resource framework (definitions, generic screens and inputs) imports no feature or resource.
  { from: files('admin-framework'), allow: { to: files(['admin-framework', 'admin-providers', 'admin-lib', 'schema']) } },
  // A feature uses the layers below it and its own files, never another feature.
  {
    from: files('admin-feature'),
    allow: [
      { to: files(['admin-framework', 'admin-providers', 'admin-lib', 'schema', 'render']) },
      { to: files('admin-feature', { name: '{{ from.file.captured.name }}' }) },
    ],
  },
  // A resource folder composes features (through their index.ts, see entry-point) and its own files.
  {
    from: files('admin-resource'),
    allow: [
      { to: files(['admin-feature', 'admin-framework', 'admin-providers', 'admin-lib', 'schema']) },
      { to: files('admin-resource', { section: '{{ from.file.captured.section }}', name: '{{ from.file.captured.name }}' }) },
    ],
  },
  // The app shell lists everything.
  { from: files('admin-app'), allow: { to: files(['admin-app', 'admin-resource', 'admin-feature', 'admin-framework', 'admin-providers', 'admin-lib', 'schema']) } },
  { from: files('admin-test-support'), allow: { to: files(['admin-lib', 'schema']) } },
  {
    from: files('admin-test'),
    allow: { to: files(['admin-test-support', 'admin-app', 'admin-resource', 'admin-feature', 'admin-framework', 'admin-providers', 'admin-lib', 'schema', 'render']) },
  },
  // admin-public imports nothing of the project: no policy allows it anything.
  { from: files('admin-build'), allow: { to: files(['admin-build', 'schema']) } },
  { from: files('e2e'), allow: { to: files(['e2e', 'schema', 'test-double']) } },
  { from: files('tooling'), allow: { to: files(['tooling', 'schema', ...SERVER_ELEMENTS, 'server-test', 'test-double', 'site', 'render']) } },
];

/** Outside packages: Node's own modules and those of node_modules. */
const OUTSIDE = { origin: ['external', 'core'] };

/**
 * Who may import outside packages: everyone, but the renderers take React and nothing else (not
 * even react-dom: hosts render them). Last in the policies, so that they alone decide for an
 * outside package (the last policy that matches an import decides).
 */
const OUTSIDE_PACKAGES = [
  { allow: { to: { module: OUTSIDE } } },
  { from: files('render'), disallow: { to: { module: OUTSIDE } } },
  { from: files('render'), allow: { to: { module: { ...OUTSIDE, source: 'react' } } } },
];

const RESOLVER = { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'], noWarnOnMultipleProjects: true };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**'] },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'bench/*.mjs', 'bench/support/*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` says "deliberately unused" (a parameter a signature needs, a value left out of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `async` marks functions that return promises by contract (Fastify handlers, react-admin
      // providers, test callbacks) whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      // Database rows and JSON:API attributes are dynamic (`unknown`) and hold scalars; these two
      // rules would demand a cast at every place such a value is written into a string.
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },

  // JSON values are compared as data (sameJson of @umpire/schema), never by their text: PostgreSQL's
  // jsonb gives keys back in its own order, so equal documents serialise differently (issue 22).
  {
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > CallExpression[callee.object.name='JSON'][callee.property.name='stringify']",
          message: 'Compare JSON values with sameJson() from @umpire/schema: key order is not meaning (PostgreSQL jsonb reorders keys).',
        },
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(test|it|describe)$/], CallExpression[callee.property.name='only'][callee.object.property.name='describe']",
          message: 'A committed .only would run one test and skip the rest.',
        },
      ],
    },
  },

  // ---- architecture: no cycles, layers, entry points ----------------------------------------
  {
    plugins: { 'import-x': importX, boundaries },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver(RESOLVER)],
      // eslint-plugin-boundaries resolves imports through eslint-plugin-import's setting.
      'import/resolver': { typescript: RESOLVER },
      'boundaries/files': ELEMENTS,
      'boundaries/files-single-match': true,
      // Selectors name captured values as {{ from.file.captured.name }} only (not the 5.x ${name}).
      'boundaries/legacy-templates': false,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/include': ['apps/**', 'packages/**', 'e2e/**', 'bench/**', 'scripts/**', '*.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      // Imports between the project's files (LAYERS) and of outside packages (OUTSIDE_PACKAGES).
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies: [...LAYERS, ...OUTSIDE_PACKAGES] }],
      'boundaries/no-unknown-files': 'error',
    },
  },

  // Another folder's internals are private: features and resource folders are entered through their
  // index.ts. (Imports between two features, or two resource folders, are refused by the layers.)
  {
    files: [`${ADMIN}/**/*.{ts,tsx}`],
    ignores: [`${ADMIN}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*/*'], message: "Import a feature through its index.ts ('…/features/<name>')." },
            { group: ['**/resources/*/*/*'], message: "Import a resource folder through its index.ts ('…/resources/<section>/<name>')." },
          ],
        },
      ],
    },
  },

  // The website's browser half takes only the renderers' words: the renderers themselves would bring React into every page.
  {
    files: ['apps/site/src/client/**/*.ts'],
    ignores: ['apps/site/src/client/**/*.test.ts', 'apps/site/src/client/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@umpire/render', message: "Import '@umpire/render/texts': the renderers would bring React into the browser's bundle." }],
          patterns: [{ group: ['react', 'react-dom', 'react-dom/*', '@umpire/render/src/*'], message: 'The browser half draws with the DOM; pages are rendered on the server.' }],
        },
      ],
    },
  },

  // Browser tests take `test` from e2e/support/test.ts, which fails a test on an error in the page.
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './support/test': it fails a test on an error in the page's console." }] },
      ],
    },
  },

  // ---- the admin app: React ---------------------------------------------------------------
  {
    files: ['apps/admin/src/**/*.{ts,tsx}', 'packages/render/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // MUI's `autoFocus` on the first field of a dialog is what WAI-ARIA's dialog pattern asks for;
      // a DOM element's autofocus is still refused.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['e2e/**/*.ts', 'apps/admin/public/**/*.js', 'apps/server/assets/**/*.js', 'bench/*.mjs'],
    // Code that runs in the page (Playwright's evaluate, the player script, the API reference's start).
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/server/test/**/*.ts', 'e2e/**/*.ts', 'packages/render/test/**/*.ts', '**/*.test.{ts,tsx}'],
    // Tests read JSON documents and records as they come (`any`): the assertions check the values,
    // and every API document is validated against the JSON:API schema.
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `expect(spy.method)` and `vi.spyOn` name methods without calling them.
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // Plain JavaScript (scripts, benchmarks, this file) has no types to check.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
