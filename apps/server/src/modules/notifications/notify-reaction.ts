import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../mail/mailer.ts';
import { findReactionMailFacts, hasReactionNotification, insertNotifications } from './notifications.repository.ts';
import { findEmailOptOuts } from './preferences.repository.ts';

const REACTED = { 1: 'liked', 2: 'cheered', 3: 'supported' } as const;

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
 * time, so toggling a reaction cannot flood a colleague (decision 0027). Answers whether the
 * member was told.
 */
export async function notifyReaction(deps: { db: Db; log: FastifyBaseLogger }, note: ReactionNote) {
  if (note.recipientId === note.actorId) return false;
  return deps.db.transaction(async (tx) => {
    if (await hasReactionNotification(tx, note)) return false;
    await insertNotifications(tx, [
      {
        memberId: note.recipientId,
        kind: 'reaction',
        actorMemberId: note.actorId,
        messageLogId: note.messageLogId,
        reaction: note.reaction,
      },
    ]);
    if ((await findEmailOptOuts(tx, [note.recipientId], 'reaction')).size > 0) return true;
    const facts = await findReactionMailFacts(tx, note);
    if (facts?.email) {
      const verb = REACTED[note.reaction as 1 | 2 | 3] ?? 'reacted to';
      await queueEmail(tx, deps.log, {
        kind: 'reaction',
        to: facts.email,
        subject: `${facts.actorName} ${verb} your kudos`,
        text: `Hi ${facts.firstName},\n\n${facts.actorName} ${verb} the kudos you received:\n\n"${facts.message}"\n\nSee it in the Kudos Thread.`,
      });
    }
    return true;
  });
}
