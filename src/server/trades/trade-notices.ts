import type { TradeRequest, User } from '../db/schema';
import type { DbOrTx } from '../db/client';
import type { RequestMeta } from '../http/route-helpers';
import { administratorEmails } from '../members/members-service';
import { recordNotice, type Notice, type Outbox } from '../notices/notices';
import { adminDisputeNotice, stepTexts, type StepFacts, type TradeStep } from './trade-texts';

// What a trade step tells people, through src/server/notices/ like every feature: the system
// message in the trade's thread, a notification (and e-mail) for each member to tell, the
// audit-trail row, and the live `trade` event. A dispute also e-mails every administrator.

export type StepRecord = {
  step: TradeStep;
  trade: TradeRequest;
  facts: StepFacts;
  requester: User;
  owner: User;
  /** Null for the scheduler. */
  actorId: number | null;
  details?: Record<string, unknown>;
  meta?: RequestMeta;
  /** An administrator's decision, for the admin activity log. */
  adminAction?: Notice['adminAction'];
  now: Date;
};

export async function recordStep(tx: DbOrTx, outbox: Outbox, record: StepRecord): Promise<void> {
  const { trade, requester, owner, now } = record;
  const texts = stepTexts(record.step, record.facts);
  const parties = [trade.requesterId, trade.ownerId];
  // The second-person words only for the party they speak to (an administrator's or the
  // club's own step reads the same to both).
  const actorParty = texts.actorMessage?.actor === 'owner' ? trade.ownerId : trade.requesterId;
  const actorContent = texts.actorMessage && record.actorId === actorParty ? texts.actorMessage.text : null;
  await recordNotice(tx, outbox, {
    at: now,
    systemMessage:
      texts.systemMessage && trade.threadId !== null
        ? { threadId: trade.threadId, content: texts.systemMessage, actorContent, actorId: record.actorId }
        : undefined,
    notifications: texts.notices.map((n) => ({
      member: n.to === 'owner' ? owner : requester,
      tradeRequestId: trade.id,
      type: n.type,
      title: n.title,
      message: n.message,
    })),
    // A dispute waits for an administrator. The two parties are left out even if they are
    // administrators: nobody may decide their own trade, and they already know.
    adminMails:
      record.step === 'dispute'
        ? { to: await administratorEmails(tx, parties), ...adminDisputeNotice(`Trade #${trade.id}`, record.facts) }
        : undefined,
    audit: {
      actorId: record.actorId,
      entityType: 'trade_request',
      entityId: trade.id,
      action: record.step,
      details: { status: trade.status, ...record.details },
      meta: record.meta,
    },
    adminAction: record.adminAction,
    events: [{ userIds: parties, event: { type: 'trade', data: { tradeRequestId: trade.id, status: trade.status } } }],
  });
}
