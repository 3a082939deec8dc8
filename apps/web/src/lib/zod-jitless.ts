/**
 * Zod is told, before any of its code runs, not to compile parsers with `new Function`: the app's
 * Content-Security-Policy forbids eval, and zod's probe for it — caught, but still reported by the
 * browser as a `securitypolicyviolation` (Lighthouse: best practices 96) — ran as the first form's
 * schemas loaded. Zod keeps its configuration on this global so that every copy shares it; setting
 * it here keeps zod itself out of the entry chunk. Imported first by main.tsx.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
