import type { FastifyBaseLogger } from 'fastify';
import { reactionVerb } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import { recordReactionNotice } from './bell.repository.ts';

/** The reaction e-mail, as format() strings: the actor's name, then the verb (liked, cheered…). */
const SUBJECT = '%s %s your kudos';
/** The recipient's first name, the actor's name, the verb and the kudos message. */
const BODY = 'Hi %s,\n\n%s %s the kudos you received:\n\n"%s"\n\nSee it in the Kudos Thread.';

export interface ReactionNote {
  /** The member the kudos item is about. */
  recipientId: number;
  actorId: number;
  messageLogId: number;
  reaction: number;
}

/**
 * A new reaction to a member's kudos: one bell notification and (unless they turned it off) one
 * e-mail per member, item and reaction. Withdrawing and reacting again tells no one a second
 * time, so toggling a reaction cannot flood a colleague (decision 0027). One statement, so one
 * round trip and one commit per reaction (decision 0048). Answers whether the member was told.
 */
export async function notifyReaction(deps: { db: Db; log: FastifyBaseLogger }, note: ReactionNote) {
  if (note.recipientId === note.actorId) return false;
  const verb = reactionVerb(note.reaction);
  const { told, outboxId } = await recordReactionNotice(deps.db, note, { verb, subject: SUBJECT, body: BODY });
  if (outboxId !== null) deps.log.info({ outboxId, kind: 'reaction' }, 'e-mail queued in outbox');
  return told;
}
