import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const apiDir = import.meta.dirname;
const contract = readFileSync(path.resolve(apiDir, '../../../../docs/web-contract.md'), 'utf8');

/** Every source module under src/api (tests left out), as `money/stale.ts`. */
function modules(dir = apiDir, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return modules(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [`${prefix}${entry.name}`] : [];
  });
}

/** The modules the table between the api-modules markers names, in its first column. */
function listed(): string[] {
  const table = contract.split('<!-- api-modules:start -->')[1]?.split('<!-- api-modules:end -->')[0] ?? '';
  return [...table.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);
}

describe('docs/web-contract.md lists the data layer as it is', () => {
  it('names every api module once, and only modules that exist', () => {
    expect(listed().length).toBeGreaterThan(30);
    expect([...listed()].sort()).toEqual(modules().sort());
  });
});
