/** A route's optional member id (/recognise/:selectedMemberId?): a positive integer or nothing. */
export function parseMemberId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
