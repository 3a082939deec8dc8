import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, createBehaviour, relaxLimits, send, setSetting } from '../support/ledger-factories.ts';

/** Issue 15 finding 6: game plays earned through recognitions have a daily cap per member (decision 0043). */
const ctx = setupApp();
const URL = '/api/recognition/send';

describe('daily cap on game plays a member earns', () => {
  it('is 10 a UTC day by default, however many colleagues recognise the member', async () => {
    await relaxLimits(ctx.app);
    const behaviour = await createBehaviour(ctx.app);
    const target = await createMember(ctx.app, { firstName: 'Thandi', surname: 'Capped' });
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const { token } = await memberWithToken(ctx);
      const res = await send(ctx, URL, token, {
        toMemberIds: [target.id],
        behaviourId: behaviour.id,
        message: 'Thanks',
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json().message as string);
    }
    expect((await balancesOf(ctx.app, target.id)).awardsPointsAvailable1).toBe(10);
    expect(answers.slice(0, 10).every((m) => m === 'Thank you! Your recognition of Thandi Capped has been sent.')).toBe(
      true,
    );
    expect(answers[10]).toBe(
      'Thank you! Your recognition of Thandi Capped has been sent. Thandi Capped has reached the most game plays ' +
        'a member can earn in a day (10).',
    );
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('follows the playsDailyCap setting; the recognition itself always goes, other recipients still earn', async () => {
    await relaxLimits(ctx.app);
    await setSetting(ctx.app, 'playsDailyCap', 3);
    await setSetting(ctx.app, 'playsPerRecognition', 2);
    try {
      const behaviour = await createBehaviour(ctx.app);
      const { token } = await memberWithToken(ctx);
      const busy = await createMember(ctx.app, { firstName: 'Busy', surname: 'Bee' });
      const quiet = await createMember(ctx.app, { firstName: 'Quiet', surname: 'One' });
      // 2 plays a recognition against a cap of 3: Busy Bee's second recognition adds 1.
      const first = await send(ctx, URL, token, { toMemberIds: [busy.id], behaviourId: behaviour.id, message: 'One' });
      expect(first.json().message).toBe('Thank you! Your recognition of Busy Bee has been sent.');
      const both = await send(ctx, URL, token, {
        toMemberIds: [busy.id, quiet.id],
        behaviourId: behaviour.id,
        message: 'Two',
      });
      expect(both.statusCode).toBe(200);
      expect(both.json().message).toBe(
        'Thank you! Your recognition of Busy Bee and Quiet One has been sent. Busy Bee has reached the most game ' +
          'plays a member can earn in a day (3).',
      );
      expect(both.json().messageLogIds).toHaveLength(2);
      expect((await balancesOf(ctx.app, busy.id)).awardsPointsAvailable1).toBe(3);
      expect((await balancesOf(ctx.app, quiet.id)).awardsPointsAvailable1).toBe(2);
      expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
    } finally {
      await setSetting(ctx.app, 'playsDailyCap', 10);
      await setSetting(ctx.app, 'playsPerRecognition', 1);
    }
  });
});
