import { createHmac } from 'node:crypto';

/**
 * The celebration row's memberId, '{id}#{hash}' (spec §3, §5): the id part is 0 for members
 * who have not registered; the keyed hash keeps rows distinct without exposing who they are.
 */
export function celebrationMemberId(secret: Buffer, memberId: number, registered: boolean): string {
  const hash = createHmac('sha256', secret).update(`celebration:${memberId}`).digest('base64url').slice(0, 10);
  return `${registered ? memberId : 0}#${hash}`;
}
