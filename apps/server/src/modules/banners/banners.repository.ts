import { asc, eq } from 'drizzle-orm';
import { BANNER_SLIDES } from '@ovation/shared/constants';
import type { Db } from '../../db/db.ts';
import { banners } from '../../db/schema/index.ts';

export async function findActiveBanners(db: Db) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      text: banners.text,
      linkUrl: banners.linkUrl,
      linkText: banners.linkText,
      theme: banners.theme,
    })
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.sort), asc(banners.id))
    .limit(BANNER_SLIDES);
}
