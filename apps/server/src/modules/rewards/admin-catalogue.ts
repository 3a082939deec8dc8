import type {
  AdminCatalogueResponse,
  AdminReward,
  CategoryInput,
  RewardInput,
} from '@ovation/shared/schemas/rewards-admin';
import type { rewardInputSchema } from '@ovation/shared/schemas/rewards-admin';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { rewards } from '../../db/schema/index.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import { conflict, fieldError, notFound } from '../../lib/app-errors.ts';
import {
  findCategoryBySlug,
  findCatalogueItems,
  findReward,
  insertCategory,
  insertRewards,
  listCategories,
  stockMovedBy,
  updateReward,
  type RewardRow,
} from './catalogue.repository.ts';
import { countFreeCodes } from './voucher-codes.repository.ts';
import { pictureUrl } from './rewards.presenter.ts';

type Input = z.output<typeof rewardInputSchema>;

function present(row: RewardRow, slug: string, codesInPool: number): AdminReward {
  return {
    rewardId: row.id,
    name: row.name,
    description: row.description,
    category: slug,
    pointsCost: row.pointsCost,
    randValue: row.randValue,
    fulfilment: row.fulfilment as AdminReward['fulfilment'],
    stockLeft: row.stockLeft,
    memberLimit: row.memberLimit,
    active: row.active,
    pictureUrl: pictureUrl(row.pictureId),
    codesInPool,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every item, withdrawn ones too, with the codes left in each voucher pool. */
export async function getAdminCatalogue(db: Db): Promise<AdminCatalogueResponse> {
  const [categories, rows] = await Promise.all([
    listCategories(db),
    findCatalogueItems(db, { includeWithdrawn: true }, 'name', 10_000, 0),
  ]);
  const pools = await countFreeCodes(
    db,
    rows.filter((r) => r.fulfilment === 'voucher').map((r) => r.id),
  );
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  return {
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    items: rows.map((r) => present(r, slugOf.get(r.categoryId)!, pools.get(r.id) ?? 0)),
  };
}

async function categoryId(db: Db, slug: string) {
  const category = await findCategoryBySlug(db, slug);
  if (!category) throw fieldError('category', 'Choose a category');
  return category;
}

async function presentOne(db: Db, row: RewardRow, slug: string) {
  const pools = await countFreeCodes(db, [row.id]);
  return present(row, slug, pools.get(row.id) ?? 0);
}

/** The fields every save writes as given. */
const details = (input: Input, categoryId: number) => ({
  categoryId,
  name: input.name,
  description: input.description,
  pointsCost: input.pointsCost,
  randValue: input.randValue,
  fulfilment: input.fulfilment,
});

/** What the audit trail keeps of an item: its price, value, stock, limits and whether it is offered. */
const audited = (r: typeof rewards.$inferSelect) => ({
  name: r.name,
  categoryId: r.categoryId,
  pointsCost: r.pointsCost,
  randValue: r.randValue,
  fulfilment: r.fulfilment,
  stockLeft: r.stockLeft,
  memberLimit: r.memberLimit,
  active: r.active,
});

/** A new item. Voucher stock follows its code pool, so it starts at 0 until codes are loaded. */
export async function createReward(db: Db, context: AuditContext, input: Input): Promise<AdminReward> {
  const category = await categoryId(db, input.category);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await insertRewards(tx, [
      {
        ...details(input, category.id),
        stockLeft: input.fulfilment === 'voucher' ? 0 : (input.stockLeft ?? null),
        memberLimit: input.memberLimit ?? null,
        active: input.active ?? true,
      },
    ]);
    await audit(tx, context, {
      action: 'rewards.item_create',
      target: { kind: 'reward', id: inserted!.id },
      after: audited(inserted!),
    });
    return inserted!;
  });
  return presentOne(db, row, category.slug);
}

/**
 * The stock an edit writes. Given the stock the editor was shown, the edit moves the stock by the
 * difference (units redeemed meanwhile stay redeemed, never below 0); an unchanged field changes
 * nothing; to or from unlimited, and without `stockLeftWas`, the value is written as given.
 */
function stockEdit({ stockLeft, stockLeftWas }: Input) {
  if (stockLeft === undefined || stockLeft === stockLeftWas) return {};
  if (stockLeft === null || stockLeftWas === undefined || stockLeftWas === null) return { stockLeft };
  return { stockLeft: stockMovedBy(stockLeft - stockLeftWas, stockLeft) };
}

/**
 * Edits an item (active false withdraws it: it leaves the catalogue and checkouts refuse it).
 * A voucher's stock is its pool and is not edited here; an item cannot change to or from a voucher.
 * Omitted `memberLimit`, `active` and `stockLeft` stay as they are; with `expectedUpdatedAt`, an
 * item saved by someone else since the editor opened it is refused (409, decision 0091).
 */
export async function editReward(db: Db, context: AuditContext, rewardId: number, input: Input): Promise<AdminReward> {
  const found = await findReward(db, rewardId);
  if (!found) throw notFound('No such reward.');
  if ((found.fulfilment === 'voucher') !== (input.fulfilment === 'voucher')) {
    throw fieldError('fulfilment', 'An item cannot change to or from a voucher; create a new item instead');
  }
  const category = await categoryId(db, input.category);
  const expected = input.expectedUpdatedAt ? new Date(input.expectedUpdatedAt) : undefined;
  const row = await db.transaction(async (tx) => {
    // The item as it is under the lock: what the audit trail shows as before (issue 43).
    const [before] = await tx.select().from(rewards).where(eq(rewards.id, rewardId)).for('update');
    const updated = await updateReward(
      tx,
      rewardId,
      {
        ...details(input, category.id),
        memberLimit: input.memberLimit,
        active: input.active,
        ...(input.fulfilment === 'voucher' ? {} : stockEdit(input)),
      },
      expected,
    );
    if (updated && before) {
      await audit(tx, context, {
        action: 'rewards.item_update',
        target: { kind: 'reward', id: rewardId },
        before: audited(before),
        after: audited(updated),
      });
    }
    return updated;
  });
  if (!row) {
    throw conflict(
      'Someone saved this item after you opened it. The catalogue now shows their version: save again to replace it with yours, or cancel.',
    );
  }
  return presentOne(db, row, category.slug);
}

export async function createCategory(db: Db, context: AuditContext, input: CategoryInput) {
  if (await findCategoryBySlug(db, input.slug)) throw fieldError('slug', 'A category with this slug exists');
  const row = await db.transaction(async (tx) => {
    const inserted = await insertCategory(tx, { slug: input.slug, name: input.name, sort: 100 });
    await audit(tx, context, {
      action: 'rewards.category_create',
      target: { kind: 'category', id: inserted.slug },
      after: { slug: inserted.slug, name: inserted.name },
    });
    return inserted;
  });
  return { slug: row.slug, name: row.name };
}

export type { RewardInput };
