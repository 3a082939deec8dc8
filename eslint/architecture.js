import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The architecture as lint (docs/architecture.md, "Layers"). Every source file belongs to a
 * layer; a file imports only from its own layer or the layers below it, never up, and no files
 * import each other in a loop — type-only imports and lazy `import()` count too, because a loop
 * closed by a type is still a loop a reader has to untangle.
 */

/** Server layers, lowest first: each may import its own and every earlier one. */
const SERVER_LAYERS = [
  { name: 'lib', dirs: ['lib', 'config'], says: 'pure helpers and configuration' },
  { name: 'db', dirs: ['db'], says: 'the database: client, statements, schema, migrations' },
  {
    name: 'core',
    dirs: ['core'],
    says: 'the shared kernels: ledger, sends, mail, live, settings, members, sessions, secrets, bell',
  },
  { name: 'plugins', dirs: ['plugins'], says: 'Fastify plugins: the request pipeline' },
  { name: 'modules', dirs: ['modules'], says: 'features: routes and their use cases' },
  { name: 'composition', dirs: ['seed', 'setup', '.'], says: 'what wires it all: app, services, server, seed, set-up' },
];

/** Features that compose others (the only imports between features). */
const COMPOSES = {
  home: ['feed', 'celebrations', 'gettoknow'],
  profile: ['session', 'auth'],
  oidc: ['auth'],
};

/** Web layers, lowest first. Features never import each other; the app shell composes them. */
const WEB_LAYERS = [
  { name: 'lib', dirs: ['lib', 'config'], says: 'the API client, session, helpers and configuration' },
  { name: 'api', dirs: ['api'], says: 'the data layer: one module per server area' },
  { name: 'components', dirs: ['components'], says: 'shared components' },
  { name: 'features', dirs: ['features'], says: 'screens, one folder each' },
  { name: 'app', dirs: ['app', '.'], says: 'the shell: router, providers, layouts' },
];

const HTTP_PACKAGES = ['fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify/'];

const repo = path.resolve('.');
const serverSrc = path.join(repo, 'apps/server/src');
const webSrc = path.join(repo, 'apps/web/src');
const sharedSrc = path.join(repo, 'packages/shared/src');
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

/** Where a file stands: its side, layer (index and name) and, for features and kernels, which one. */
export function placeOf(file) {
  for (const [side, src, layers] of [
    ['server', serverSrc, SERVER_LAYERS],
    ['web', webSrc, WEB_LAYERS],
  ]) {
    if (!file.startsWith(src + path.sep)) continue;
    const parts = path.relative(src, file).split(path.sep);
    const dir = parts.length === 1 ? '.' : parts[0];
    const index = layers.findIndex((layer) => layer.dirs.includes(dir));
    const unit = ['modules', 'core', 'features'].includes(dir) && parts.length > 2 ? parts[1] : null;
    return { side, index, layer: layers[index]?.name ?? dir, unit };
  }
  if (file.startsWith(sharedSrc + path.sep)) return { side: 'shared', index: 0, layer: 'shared', unit: null };
  return null;
}

/** Why `from` may not import `to` (both absolute paths), or null when it may. */
export function refusal(from, to) {
  const a = placeOf(from);
  if (!a || isTest(from)) return null;
  if (a.side !== 'server' && to.startsWith(path.join(repo, 'apps/server') + path.sep)) {
    return 'Web and shared code must not import server code.';
  }
  if (a.side === 'shared' && to.startsWith(path.join(repo, 'apps') + path.sep)) {
    return 'packages/shared must not import the apps.';
  }
  const b = placeOf(to);
  if (!b || b.side !== a.side || a.side === 'shared') return null;
  const layers = a.side === 'server' ? SERVER_LAYERS : WEB_LAYERS;
  if (b.index > a.index) {
    return `${a.side} ${a.layer} must not import ${b.layer} (a layer above it): ${layers
      .slice(0, a.index + 1)
      .map((l) => l.name)
      .join(', ')} only.`;
  }
  if (a.layer === 'modules' && b.layer === 'modules' && a.unit !== b.unit && !COMPOSES[a.unit]?.includes(b.unit)) {
    return `Module '${a.unit}' must not import module '${b.unit}': share it through core.`;
  }
  if (a.layer === 'features' && b.layer === 'features' && a.unit !== b.unit) {
    return `Feature '${a.unit}' must not import feature '${b.unit}'.`;
  }
  return null;
}

/** The relative imports of a source text (static, re-exports, type-only and `import()`), as written. */
function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

const resolveFrom = (file, spec) => {
  if (spec.startsWith('@ovation/shared/')) return path.join(sharedSrc, spec.slice('@ovation/shared/'.length) + '.ts');
  return spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
};

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !isTest(full)) out.push(full);
  }
  return out;
}

/** The import graph of every source file (tests left out), and its loops: file → its loop's id. */
export function importGraph() {
  const files = [serverSrc, webSrc, sharedSrc].flatMap((dir) => sourceFiles(dir));
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(readFileSync(file, 'utf8'))
        .map((spec) => resolveFrom(file, spec))
        .filter((target) => target && known.has(target)),
    ]),
  );
  // Tarjan's strongly connected components: a component of two files or more is a loop.
  const loopOf = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1) for (const m of members) loopOf.set(m, members);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return { files, edges, loopOf };
}

let graph = null;

export const architecture = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { sides: { type: 'array', items: { type: 'string' } } } }],
  },
  create(context) {
    const file = context.filename;
    const place = placeOf(file);
    const sides = context.options[0]?.sides ?? ['server', 'web', 'shared'];
    if (!place || !sides.includes(place.side)) return {};
    graph ??= importGraph();
    const loop = graph.loopOf.get(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      if (
        place.side === 'server' &&
        place.layer === 'core' &&
        place.unit === 'ledger' &&
        HTTP_PACKAGES.some((p) => spec.startsWith(p))
      ) {
        return context.report({ node, message: 'The ledger is the money domain only: no Fastify.' });
      }
      if (place.side !== 'server' && spec.startsWith('@ovation/server')) {
        return context.report({ node, message: 'Web and shared code must not import server code.' });
      }
      const target = resolveFrom(file, spec);
      if (!target) return;
      const why = refusal(file, target);
      if (why) return context.report({ node, message: why });
      if (loop?.includes(target)) {
        const names = loop.map((m) => path.relative(repo, m)).join(', ');
        context.report({ node, message: `Import loop (type-only and lazy imports count): ${names}.` });
      }
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export { SERVER_LAYERS, WEB_LAYERS, COMPOSES };
