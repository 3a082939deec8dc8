import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoIfWanted } from '../../src/boot.ts';
import { demoSeedPlan, loadConfig } from '../../src/config/env.ts';
import { sql } from 'drizzle-orm';
import { hasData, seedDemo } from '../../src/seed/seed.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Issue 15 #5: the demo firm (with its published password) is never seeded by a production
 * start unless it is asked for, and then loudly; `npm start` keeps its demo for newcomers.
 */
const config = (env: Record<string, string>) => loadConfig(env, { LOG_LEVEL: 'silent' });
const logger = () => ({ info: vi.fn(), warn: vi.fn() });

describe('the demo seed plan', () => {
  it('never seeds a production start unless SEED_DEMO=force, embedded database or not', () => {
    expect(demoSeedPlan(config({ NODE_ENV: 'production' })).seed).toBe(false);
    expect(demoSeedPlan(config({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).seed).toBe(false);
    expect(demoSeedPlan(config({ NODE_ENV: 'production', SEED_DEMO: 'off' })).seed).toBe(false);
    const forced = demoSeedPlan(config({ NODE_ENV: 'production', SEED_DEMO: 'force' }));
    expect(forced).toMatchObject({ seed: true, loud: true });
  });

  it('seeds a development start (the newcomer demo) and never when off', () => {
    expect(demoSeedPlan(config({}))).toMatchObject({ seed: true, loud: false });
    expect(demoSeedPlan(config({ SEED_DEMO: 'off' })).seed).toBe(false);
  });
});

describe('seeding at boot', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('a production start leaves an empty database empty and says why', async () => {
    const log = logger();
    await seedDemoIfWanted(database.db, config({ NODE_ENV: 'production' }), log);
    expect(await hasData(database.db)).toBe(false);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ seedDemo: 'auto' }),
      expect.stringContaining('not seeding the demo firm'),
    );
  });

  it('a production start told to seed does so, with a loud warning', async () => {
    const log = logger();
    // The real seed is covered by every e2e run; here only that it is called, and how loudly.
    const seed = vi.fn(async () => ({ members: 0 }));
    await seedDemoIfWanted(database.db, config({ NODE_ENV: 'production', SEED_DEMO: 'force' }), log, seed);
    expect(seed).toHaveBeenCalledOnce();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ seedDemo: 'force' }),
      expect.stringMatching(/DEMO FIRM.*published password/i),
    );
  });
});

describe('the demo firm', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, new Date('2031-03-20T09:00:00Z'));
  }, 120_000);
  afterAll(() => database?.drop());

  it("dates a past order's payment when the order was placed, in the words a checkout uses", async () => {
    const { rows } = (await database.db.execute(sql`
      select o.placed_at, t.created_at, t.memo, t.kind
      from reward_orders o join ledger_transactions t on t.id = o.ledger_transaction_id
      order by o.id`)) as unknown as {
      rows: { placed_at: string | Date; created_at: string | Date; memo: string; kind: string }[];
    };
    expect(rows.map((r) => r.memo)).toEqual([
      'Rewards: 1 × Uber Eats R150 Voucher',
      'Rewards: 1 × Scented Candle Trio',
    ]);
    for (const row of rows) {
      expect(row.kind).toBe('redemption');
      expect(new Date(row.created_at).toISOString()).toBe(new Date(row.placed_at).toISOString());
    }
    expect(new Date(rows[0]!.placed_at).toISOString()).toBe('2031-03-11T09:00:00.000Z'); // nine days before
  });

  it('leaves a ledger whose invariants hold', async () => {
    const { findings } = await verifyLedger(database.db);
    expect(findings).toEqual([]);
  });

  it('keeps its history to the send rules: team budgets pay their own team, Pay It Forward stays in South Africa', async () => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
    expect(
      await count(sql`select count(*) as n from kudos k join members t on t.id = k.to_member_id
        where k.kind = 'recognition' and k.points > 0`),
    ).toBeGreaterThan(50);
    expect(
      await count(sql`select count(*) as n from kudos k join members t on t.id = k.to_member_id
        where k.kind = 'recognition' and k.points > 0 and t.manager_id is distinct from k.from_member_id`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from kudos k join members t on t.id = k.to_member_id
        where k.kind = 'payitforward' and t.country <> 'South Africa'`),
    ).toBe(0);
  });
});
