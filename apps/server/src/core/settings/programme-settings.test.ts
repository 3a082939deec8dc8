import { describe, expect, it } from 'vitest';
import { ProgrammeSettings } from './programme-settings.ts';
import { SETTING_DEFAULTS } from './settings.repository.ts';

/** A settings table whose reads are counted and can be held back. */
function table(rows: { key: string; value: unknown }[]) {
  const reads: { resolve: () => void }[] = [];
  let held = false;
  const load = () =>
    new Promise<{ key: string; value: unknown }[]>((resolve) => {
      const answer = rows.map((r) => ({ ...r }));
      if (!held) resolve(answer);
      else reads.push({ resolve: () => resolve(answer) });
    }).finally(() => void count.n++);
  const count = { n: 0 };
  return {
    load,
    count,
    rows,
    hold: () => void (held = true),
    release: () => {
      held = false;
      for (const r of reads.splice(0)) r.resolve();
    },
  };
}

describe('ProgrammeSettings', () => {
  it('reads the table once while it holds it, with the defaults for keys not stored', async () => {
    const t = table([{ key: 'pointsName', value: 'Stars' }]);
    const settings = new ProgrammeSettings(t.load, 5_000);
    expect(await settings.read(['pointsName', 'pairDailyLimit'])).toEqual({
      pointsName: 'Stars',
      pairDailyLimit: SETTING_DEFAULTS.pairDailyLimit,
    });
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Stars' });
    expect(t.count.n).toBe(1);
  });

  it('reads again after clear() (the settings notice) and after its age limit', async () => {
    let now = 1_000;
    const t = table([{ key: 'pointsName', value: 'Stars' }]);
    const settings = new ProgrammeSettings(t.load, 5_000, () => now);
    await settings.read(['pointsName']);
    t.rows[0]!.value = 'Kudos points';
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Stars' });
    settings.clear();
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Kudos points' });
    t.rows[0]!.value = 'Claps';
    now += 4_999;
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Kudos points' });
    now += 1;
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Claps' });
    expect(t.count.n).toBe(3);
  });

  it('does not keep a read that was on its way when the change was heard', async () => {
    const t = table([{ key: 'pointsName', value: 'Stars' }]);
    const settings = new ProgrammeSettings(t.load, 5_000);
    t.hold();
    const early = settings.read(['pointsName']);
    t.rows[0]!.value = 'Claps';
    settings.clear();
    t.release();
    // It asked before the change, so it answers what it read then…
    expect(await early).toEqual({ pointsName: 'Stars' });
    // …but that answer is not what the instance holds afterwards.
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Claps' });
    expect(t.count.n).toBe(2);
  });

  it('shares one read between concurrent callers and forgets a failed one', async () => {
    let calls = 0;
    const settings = new ProgrammeSettings(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return [];
    }, 5_000);
    const [x, y] = await Promise.allSettled([settings.read(['pointsName']), settings.read(['clientTitle'])]);
    expect(x.status).toBe('rejected');
    expect(y.status).toBe('rejected');
    expect(await settings.read(['pointsName'])).toEqual({ pointsName: SETTING_DEFAULTS.pointsName });
    expect(calls).toBe(2);
  });

  it('runs a lazy query (a thenable that runs on every await) once per snapshot', async () => {
    let runs = 0;
    type Rows = { key: string; value: unknown }[];
    const query: PromiseLike<Rows> = {
      then(resolve, reject) {
        runs++;
        return Promise.resolve<Rows>([{ key: 'pointsName', value: 'Stars' }]).then(resolve, reject);
      },
    };
    const settings = new ProgrammeSettings(() => query, 5_000);
    for (let i = 0; i < 3; i++) expect(await settings.read(['pointsName'])).toEqual({ pointsName: 'Stars' });
    expect(runs).toBe(1);
  });
});
