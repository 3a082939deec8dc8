import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { createCategory, createReward } from '../support/rewards-factories.ts';

/** The administrators' screens leave their changes in the audit trail, before and after (issue 43). */
describe('audited administration', () => {
  const ctx = setupApp();

  const last = async (action: string) =>
    (
      await queryRows<{ actorMemberId: number; targetId: string; before: unknown; after: unknown }>(
        ctx.app.db,
        sql`select actor_member_id as "actorMemberId", target_id as "targetId", before, after
            from audit_log where action = ${action} order by id desc limit 1`,
      )
    )[0];

  it('records a reward’s price change with the price before', async () => {
    const { member, token } = await memberWithToken(ctx, { isAdminReports: true });
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { name: 'Desk Plant', pointsCost: 200 });
    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/admin/rewards/items/${item.id}`,
      token,
      payload: {
        category: category.slug,
        name: 'Desk Plant',
        pointsCost: 250,
        randValue: 5_000,
        fulfilment: 'delivery',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await last('rewards.item_update')).toMatchObject({
      actorMemberId: member.id,
      targetId: String(item.id),
      before: { pointsCost: 200, name: 'Desk Plant' },
      after: { pointsCost: 250 },
    });
  });

  it('records news added, edited and deleted, with the text before', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/news',
      token,
      payload: { text: 'Year-end function on Friday', showFrom: null, showUntil: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newsId = created.json().newsId as number;
    expect(await last('news.create')).toMatchObject({
      targetId: String(newsId),
      after: { text: 'Year-end function on Friday' },
    });
    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/admin/news/${newsId}`,
      token,
      payload: { text: 'Year-end function on Saturday', showFrom: null, showUntil: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await last('news.update')).toMatchObject({
      before: { text: 'Year-end function on Friday' },
      after: { text: 'Year-end function on Saturday' },
    });
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/news/${newsId}`, token })).statusCode).toBe(204);
    expect(await last('news.delete')).toMatchObject({ before: { text: 'Year-end function on Saturday' } });
  });
});
