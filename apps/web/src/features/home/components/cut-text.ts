import { GET_TO_KNOW_TEXT_CUT } from '@ovation/shared/constants';

/** Spec §5: get-to-know text is cut at 25 characters with '...' added. */
export function cutText(text: string | null | undefined, max = GET_TO_KNOW_TEXT_CUT): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
