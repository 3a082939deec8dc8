import path from 'node:path';

/**
 * Server module edges (docs/architecture.md, "Modules"): a feature module never imports another
 * feature module; it may use the shared domain modules below. The ledger is the money domain
 * only (no HTTP), and the generic layers (lib, db schema, config) never point up at modules.
 */
const SHARED_MODULES = new Set(['ledger', 'sends', 'mail', 'live', 'settings', 'members', 'notifications']);
/** Modules that compose others, and which ones (the only upward-looking edges there are). */
const COMPOSES = {
  home: ['feed', 'celebrations', 'gettoknow'],
  profile: ['session', 'auth'],
  oidc: ['auth'],
};
const HTTP_PACKAGES = ['fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify/'];

const serverSrc = path.resolve('apps/server/src');
const modulesRoot = path.join(serverSrc, 'modules');
const generic = ['lib', 'config', path.join('db', 'schema')].map((dir) => path.join(serverSrc, dir) + path.sep);

const moduleOf = (file) =>
  file.startsWith(modulesRoot + path.sep) ? path.relative(modulesRoot, file).split(path.sep)[0] : null;

/** The AST visitors of every statement that names another file (imports and re-exports). */
export const importVisitors = (check) => ({
  ImportDeclaration: check,
  ImportExpression: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
});

export const serverEdges = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(serverSrc + path.sep)) return {};
    const own = moduleOf(file);
    const isGeneric = generic.some((dir) => file.startsWith(dir));
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      if (own === 'ledger' && (HTTP_PACKAGES.some((p) => spec.startsWith(p)) || spec.includes('/plugins/'))) {
        return context.report({ node, message: 'The ledger is the money domain only: no Fastify, no plugins.' });
      }
      if (!spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const targetModule = moduleOf(target);
      if (isGeneric && (targetModule || target.startsWith(path.join(serverSrc, 'plugins')))) {
        return context.report({ node, message: 'lib, config and db/schema must not import modules or plugins.' });
      }
      if (!own || !targetModule || targetModule === own) return;
      if (own === 'ledger') {
        return context.report({ node, message: `The ledger must not import module '${targetModule}'.` });
      }
      if (SHARED_MODULES.has(targetModule) || COMPOSES[own]?.includes(targetModule)) return;
      context.report({ node, message: `Module '${own}' must not import module '${targetModule}'.` });
    };
    return importVisitors(check);
  },
};
