import { memberAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { setupApp } from './build-app.ts';
import { createMember } from './factories.ts';

/** The app for a ledger test file (`build` as for setupApp), and a way to open new members' points accounts. */
export function setupLedger(build: Parameters<typeof setupApp>[1] = {}) {
  const ctx = setupApp({}, build);
  async function pointsAccounts(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await memberAccountId(ctx.app.db, (await createMember(ctx.app)).id, 'points'));
    return ids;
  }
  return { ctx, pointsAccounts };
}
