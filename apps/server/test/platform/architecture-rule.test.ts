import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the lint rule is plain JavaScript beside eslint.config.js, without types.
import { importGraph, refusal } from '../../../../eslint/architecture.js';

const repo = path.resolve(import.meta.dirname, '../../../..');
const web = (file: string) => path.join(repo, 'apps/web/src', file);
const server = (file: string) => path.join(repo, 'apps/server/src', file);
const refused = (from: string, to: string) => refusal(from, to) as string | null;

describe('the architecture rule (eslint/architecture.js)', () => {
  it('lets each web layer import its own and the layers below it', () => {
    expect(refused(web('features/awards/awards-page.tsx'), web('api/awards.ts'))).toBeNull();
    expect(refused(web('features/awards/awards-page.tsx'), web('components/page-title.tsx'))).toBeNull();
    expect(refused(web('components/header/member-header.tsx'), web('config/navigation.ts'))).toBeNull();
    expect(refused(web('api/awards.ts'), web('lib/api-client.ts'))).toBeNull();
    expect(refused(web('app/router.tsx'), web('features/awards/awards-page.tsx'))).toBeNull();
  });

  it('refuses every web import that runs back up a layer, or across features', () => {
    expect(refused(web('lib/session.tsx'), web('api/session.ts'))).toMatch(/web lib must not import api/);
    expect(refused(web('api/awards.ts'), web('components/page-title.tsx'))).toMatch(/api must not import components/);
    expect(refused(web('components/x.tsx'), web('features/awards/awards-page.tsx'))).toMatch(
      /components must not import features/,
    );
    expect(refused(web('features/profile/p.tsx'), web('app/route-guard.tsx'))).toMatch(/features must not import app/);
    expect(refused(web('features/awards/a.tsx'), web('features/recognise/r.tsx'))).toMatch(
      /Feature 'awards' must not import feature 'recognise'/,
    );
    expect(refused(web('api/awards.ts'), server('core/ledger/ledger.ts'))).toMatch(/must not import server code/);
  });

  it('refuses server imports that run up: core never imports modules, modules only the features they compose', () => {
    expect(refused(server('core/sends/run-send.ts'), server('modules/awards/nominate.ts'))).toMatch(
      /server core must not import modules/,
    );
    expect(refused(server('db/db.ts'), server('core/ledger/ledger.ts'))).toMatch(/server db must not import core/);
    expect(refused(server('modules/awards/nominate.ts'), server('modules/game/play-game.ts'))).toMatch(
      /Module 'awards' must not import module 'game'/,
    );
    expect(refused(server('modules/home/home.routes.ts'), server('modules/feed/feed.ts'))).toBeNull();
  });

  it('finds no import loop in the source today (type-only and lazy imports count)', () => {
    const { loopOf } = importGraph() as { loopOf: Map<string, string[]> };
    const loops = new Set([...loopOf.values()].map((files) => files.map((f) => path.relative(repo, f)).join(' → ')));
    expect([...loops]).toEqual([]);
  });
});
