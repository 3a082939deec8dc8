import { describe, expect, it } from 'vitest';
import { adminUploadKeys } from '../admin-uploads.ts';
import { awardKeys } from '../awards.ts';
import { gameKeys } from '../game.ts';
import { myRecognitionKeys } from '../myrecognition.ts';
import { ordersKeys } from '../orders.ts';
import { rewardsAdminKeys } from '../rewards-admin.ts';
import { rewardsKeys } from '../rewards.ts';
import { sessionKeys } from '../session.ts';
import { statementKeys } from '../statements.ts';
import { newTestQueryClient } from '../../test/test-wrapper.tsx';
import { invalidateStale, ROOTS, staleAfter } from './stale.ts';

describe('the money table', () => {
  it("names each root as its module's key factory does", () => {
    expect(ROOTS).toEqual({
      session: sessionKeys.all,
      rewards: rewardsKeys.all,
      statements: statementKeys.all,
      myRecognition: myRecognitionKeys.all(),
      payItForward: ['payitforward'], // sends.ts: ['payitforward', 'allowance']
      orders: ordersKeys.all,
      game: gameKeys.all,
      rewardsAdmin: rewardsAdminKeys.all,
      adminUploads: adminUploadKeys.all(),
      awards: awardKeys.all,
    });
  });

  it('has a live notice read the balances again with what a send or a play makes stale', () => {
    const roots = (change: Parameters<typeof staleAfter>[0]) => staleAfter(change).map((key) => key[0]);
    expect(roots('notice')).toEqual(['session', 'rewards', 'game', 'payitforward', 'statements']);
    expect(roots('send')).toEqual(['myrecognition', 'statements', 'payitforward']);
    expect(roots('upload')).toEqual(['admin', 'statements']);
  });

  it('marks every query under a root stale, and nothing else', async () => {
    const client = newTestQueryClient();
    for (const key of [['orders', 'list'], ['statements', 'points', '', ''], ['myrecognition'], ['session', 't']]) {
      client.setQueryData(key, { n: 1 });
    }
    await invalidateStale(client, 'order');
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
    expect(stale.sort()).toEqual(['orders', 'statements']);
  });
});
