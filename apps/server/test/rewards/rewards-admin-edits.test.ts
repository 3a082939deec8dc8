import { describe, expect, it } from 'vitest';
import { setRewardPicture } from '../../src/modules/rewards/catalogue.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { fund, send } from '../support/ledger-factories.ts';
import { codesFor, createCategory, createReward, rewardRow } from '../support/rewards-factories.ts';
import { rewardsAdmin } from '../support/rewards-admin.ts';

/** Decision 0091: reward edits refuse stale screens; a voucher code is loaded once, firm-wide. */
const ctx = setupApp();
const { json, admin } = rewardsAdmin(ctx);

async function adminItem(token: string, rewardId: number) {
  const catalogue = (await json('GET', '/api/admin/rewards/catalogue', token)).json();
  return catalogue.items.find((i: { rewardId: number }) => i.rewardId === rewardId);
}

describe('reward edits', () => {
  it('refuses an edit opened before someone else saved the item (409), and takes one made from the latest', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { name: 'Desk Plant', pointsCost: 200 });
    const opened = await adminItem(token, item.id);
    expect(opened.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const body = (name: string, expectedUpdatedAt: string) => ({
      category: category.slug,
      name,
      pointsCost: 200,
      randValue: 5_000,
      fulfilment: 'delivery',
      expectedUpdatedAt,
    });

    const first = await json('PUT', `/api/admin/rewards/items/${item.id}`, token, body('Desk Fern', opened.updatedAt));
    expect(first.statusCode).toBe(200);
    expect(first.json().updatedAt).not.toBe(opened.updatedAt);

    const stale = await json(
      'PUT',
      `/api/admin/rewards/items/${item.id}`,
      token,
      body('Desk Cactus', opened.updatedAt),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Someone saved this item after you opened it/);
    expect((await rewardRow(ctx.app, item.id)).name).toBe('Desk Fern');

    const again = await json(
      'PUT',
      `/api/admin/rewards/items/${item.id}`,
      token,
      body('Desk Cactus', first.json().updatedAt),
    );
    expect(again.statusCode).toBe(200);
    expect((await rewardRow(ctx.app, item.id)).name).toBe('Desk Cactus');
  });

  it('refuses an edit stamp no save could have written as the field’s error (year 0 is no year to the database)', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { name: 'Desk Lamp', pointsCost: 300 });
    const res = await json('PUT', `/api/admin/rewards/items/${item.id}`, token, {
      category: category.slug,
      name: 'Desk Lamp',
      pointsCost: 300,
      randValue: 5_000,
      fulfilment: 'delivery',
      expectedUpdatedAt: '0000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.expectedUpdatedAt).toEqual([
      'Reload the item and try again: this is not when it was saved',
    ]);
  });

  it('keeps the limit per member, the offer and the stock when an edit leaves them out', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { memberLimit: 2, active: false, stockLeft: 7 });
    const res = await json('PUT', `/api/admin/rewards/items/${item.id}`, token, {
      category: category.slug,
      name: 'Renamed only',
      pointsCost: 150,
      randValue: 1_000,
      fulfilment: 'delivery',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed only', memberLimit: 2, active: false, stockLeft: 7 });
    // Given explicitly, null still means "no limit".
    const cleared = await json('PUT', `/api/admin/rewards/items/${item.id}`, token, {
      category: category.slug,
      name: 'Renamed only',
      pointsCost: 150,
      randValue: 1_000,
      fulfilment: 'delivery',
      memberLimit: null,
      active: true,
    });
    expect(cleared.json()).toMatchObject({ memberLimit: null, active: true, stockLeft: 7 });
  });

  it('creates an item offered and without a limit when those are left out', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const res = await json('POST', '/api/admin/rewards/items', token, {
      category: category.slug,
      name: 'Plain item',
      pointsCost: 10,
      randValue: 0,
      fulfilment: 'donation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberLimit: null, active: true, stockLeft: null });
  });

  it('keeps an edit opened before a new picture was uploaded', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id);
    const opened = await adminItem(token, item.id);
    await setRewardPicture(ctx.app.db, item.id, 'no-such-picture');
    const res = await json('PUT', `/api/admin/rewards/items/${item.id}`, token, {
      category: category.slug,
      name: 'After the picture',
      pointsCost: 100,
      randValue: 10_000,
      fulfilment: 'delivery',
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('voucher code loads', () => {
  it('refuses a code already loaded for another item, and loads nothing of that file', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const [taken] = codesFor('GV', 1);
    const first = await createReward(ctx.app, category.id, { codes: [taken!] });
    const second = await createReward(ctx.app, category.id, { codes: codesFor('HV', 1) });
    const [fresh] = codesFor('IV', 1);
    const res = await json('POST', `/api/admin/rewards/items/${second.id}/codes`, token, {
      csv: `${fresh}\n${taken}\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.csv).toEqual([`Already loaded for this or another item, nothing loaded: ${taken}`]);
    expect((await rewardRow(ctx.app, second.id)).stockLeft).toBe(1);
    expect((await rewardRow(ctx.app, first.id)).stockLeft).toBe(1);
  });

  it('quotes a malformed code cut short: a refusal never echoes a whole pasted file', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, { codes: codesFor('MV', 1) });
    const res = await json('POST', `/api/admin/rewards/items/${voucher.id}/codes`, token, { csv: 'a'.repeat(100_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.csv).toEqual([
      `Codes are 4 to 64 letters, digits, dashes or underscores: ${'a'.repeat(30)}…`,
    ]);
  });

  it('skips a header line naming the column', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, { codes: codesFor('JV', 1) });
    for (const header of ['Voucher codes', 'voucher_code', 'CODES']) {
      const [code] = codesFor('KV', 1);
      const res = await json('POST', `/api/admin/rewards/items/${voucher.id}/codes`, token, {
        csv: `\n"${header}"\n${code}\n`,
      });
      expect(res.json()).toMatchObject({ added: 1 });
    }
    // A header anywhere but the first line is a malformed code, not skipped.
    const late = await json('POST', `/api/admin/rewards/items/${voucher.id}/codes`, token, {
      csv: `${codesFor('LV', 1)[0]}\nvoucher code\n`,
    });
    expect(late.statusCode).toBe(400);
  });
});

describe('fulfilment refusals', () => {
  it('say what the order is now', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { fulfilment: 'donation', pointsCost: 50 });
    const { member, token: shopper } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 100);
    await json('PUT', `/api/rewards/basket/lines/${item.id}`, shopper, { quantity: 1 });
    const orderId = (await send(ctx, '/api/rewards/checkout', shopper, {})).json().orderId as number;
    const move = (status: string) =>
      json('POST', `/api/admin/rewards/orders/${orderId}/status`, token, { status, note: '' });
    expect((await move('fulfilled')).statusCode).toBe(200);
    const late = await move('processing');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(`Order #${orderId} is fulfilled and cannot be moved to processing`);
  });
});
