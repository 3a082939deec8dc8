import { useState } from 'react';
import { useMembersById, type MemberSearchResult } from '../../../api/members.ts';

/**
 * The chosen colleagues outside the manager's team: team points cannot go to them (the server
 * refuses the whole send), so the form names them on the picker before sending. Details come
 * from the picker's choices, or (a colleague named by the link) the same look-up by id it makes.
 */
export function useNonTeamRecipients(ids: readonly number[], enabled: boolean) {
  const [known, setKnown] = useState<ReadonlyMap<number, MemberSearchResult>>(new Map());
  const unknown = enabled ? ids.filter((id) => !known.has(id)) : [];
  const lookup = useMembersById(unknown);
  const byId = new Map(known);
  for (const m of lookup.data ?? []) if (!byId.has(m.memberId)) byId.set(m.memberId, m);
  const outside = enabled ? ids.flatMap((id) => byId.get(id) ?? []).filter((m) => !m.isTeamMember) : [];
  /** Keeps the details the picker hands over with a change. */
  const remember = (members: readonly MemberSearchResult[]) => {
    if (members.length === 0) return;
    setKnown((before) => {
      const next = new Map(before);
      for (const m of members) next.set(m.memberId, m);
      return next;
    });
  };
  return { outside, remember };
}

/** Said on the picker when team points are chosen for colleagues outside the team. */
export function nonTeamMessage(outside: readonly MemberSearchResult[]): string | null {
  if (outside.length === 0) return null;
  const names = outside.map((m) => m.memberName).join(', ');
  return `Only members of your team can receive points: ${names} ${outside.length === 1 ? 'is' : 'are'} not. Remove them, or send without points.`;
}
