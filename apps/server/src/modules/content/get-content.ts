import type { ContentItem } from '@ovation/shared/schemas/content';
import type { Db } from '../../db/db.ts';
import { fieldError, notFound, unauthorized } from '../../lib/app-errors.ts';
import { findContentPage } from './content.repository.ts';

export const CONTENT_NOT_FOUND = 'Sorry, we could not find that page.';

/** A content page by key (case-insensitive); members-only pages need a session. */
export async function getContent(db: Db, key: string, isMember: boolean): Promise<ContentItem> {
  const trimmed = key.trim();
  if (!trimmed) throw fieldError('contentKey', 'Invalid Key');
  const page = await findContentPage(db, trimmed);
  if (!page) throw notFound(CONTENT_NOT_FOUND);
  if (page.audience === 'members' && !isMember) throw unauthorized();
  return { title: page.title, content: page.content };
}
