import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import type { Db } from '../../db/db.ts';
import { fieldError, notFound } from '../../lib/app-errors.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { findReward, insertRewardPicture, setRewardPicture } from './catalogue.repository.ts';
import { pictureUrl } from './rewards.presenter.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';

/**
 * An item's picture, checked by its content (not its name or declared type) like profile
 * pictures, cropped to the catalogue's 4:3 and stored under a new unguessable id.
 */
export async function uploadRewardPicture(db: Db, rewardId: number, file: Buffer) {
  if (!(await findReward(db, rewardId))) throw notFound('No such reward.');
  if (file.length === 0) throw fieldError('picture', 'Choose a picture to upload');
  if (file.length > PROFILE_PICTURE_MAX_BYTES) throw fieldError('picture', 'The picture must be at most 5 MB');
  let resized: Buffer;
  try {
    const meta = await sharp(file).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw fieldError('picture', TYPE_MESSAGE);
    resized = await sharp(file).rotate().resize(480, 360, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw fieldError('picture', TYPE_MESSAGE);
  }
  const picId = newPublicId();
  await db.transaction(async (tx) => {
    await insertRewardPicture(tx, { picId, contentType: 'image/webp', data: resized });
    await setRewardPicture(tx, rewardId, picId);
  });
  return { pictureUrl: pictureUrl(picId) };
}
