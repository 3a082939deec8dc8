import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { findMemberProfile, setMemberPicture } from '../../core/members/member.repository.ts';
import { deletePicture, insertPicture } from './picture.repository.ts';
import { picSuffix } from '../session/profile.presenter.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const PICTURE_SIZE_PX = 320;
const TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';

/**
 * Checks the file by its content (not its name or declared type), resizes it to a square
 * and stores it under a new unguessable id; the old picture is removed.
 */
export async function uploadProfilePicture(db: Db, memberId: number, file: Buffer) {
  if (file.length === 0) throw fieldError('picture', 'Choose a picture to upload');
  if (file.length > PROFILE_PICTURE_MAX_BYTES) throw fieldError('picture', 'The picture must be at most 5 MB');
  let resized: Buffer;
  try {
    const meta = await sharp(file).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw fieldError('picture', TYPE_MESSAGE);
    resized = await sharp(file)
      .rotate()
      .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw fieldError('picture', TYPE_MESSAGE);
  }
  const before = await findMemberProfile(db, memberId);
  const picId = newPublicId();
  await db.transaction(async (tx) => {
    await insertPicture(tx, { picId, memberId, contentType: 'image/webp', data: resized });
    await setMemberPicture(tx, memberId, picId);
    if (before?.picId) await deletePicture(tx, before.picId);
  });
  const version = (before?.picVersion ?? 0) + 1;
  return { profilePicId: picId, profilePicSfx: picSuffix({ picId, picVersion: version }) };
}
