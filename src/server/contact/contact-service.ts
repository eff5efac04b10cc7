import { THREAD_SUBJECT_MAX } from '../../domain/constants';
import type { ContactMemberBody, ContactVisitorBody } from '../../domain/contact';
import { AppError } from '../../domain/errors';
import { administrators } from '../members/members-service';
import { addMessage, createThread } from '../messages/threads-service';
import { commitWithNotices, recordNotice, type NoticeDeps } from '../notices/notices';
import { truncate } from '../../domain/sentences';

// 'Contact the club' (issue 14 point 4, docs/decisions/0021-contact-privacy-closing.md). A
// member's message opens a thread in Messages whose participants are the member and every
// administrator, so any of them can answer and the member reads the answer where they read
// every other message. A visitor's message is delivered to every administrator as a
// notification and by e-mail (both through src/server/notices/); the visitor's address is in
// it, so an administrator can answer by e-mail.

export const NO_ADMINISTRATOR_MESSAGE =
  'There is no other administrator to write to at the moment. Please try again later.';
export const CLUB_CONTACT_NOTIFICATION = 'club_contact';

/** A member's message to the club team: a new thread with every administrator. Answers its id. */
export async function writeToClubTeam(deps: NoticeDeps, memberId: number, body: ContactMemberBody): Promise<number> {
  return commitWithNotices(deps, async (tx, outbox) => {
    const admins = await administrators(tx, [memberId]);
    if (admins.length === 0) throw new AppError('CONFLICT', NO_ADMINISTRATOR_MESSAGE);
    const thread = await createThread(tx, {
      subject: truncate(`To the club team: ${body.subject}`, THREAD_SUBJECT_MAX),
      puzzleListingId: null,
      participantIds: [memberId, ...admins.map((a) => a.id)],
    });
    await addMessage(tx, { threadId: thread.id, senderId: memberId, content: body.message });
    outbox.threads.add(thread.id);
    return thread.id;
  });
}

/** A visitor's message: a notification and an e-mail for every administrator. */
export async function visitorWritesToClub(deps: NoticeDeps, body: ContactVisitorBody, now = new Date()): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const admins = await administrators(tx, []);
    if (admins.length === 0) throw new AppError('SERVICE_UNAVAILABLE', NO_ADMINISTRATOR_MESSAGE);
    await recordNotice(tx, outbox, {
      at: now,
      notifications: admins.map((admin) => ({
        member: admin,
        tradeRequestId: null,
        type: CLUB_CONTACT_NOTIFICATION,
        title: `A message from ${body.name} through the contact form`,
        message: `${body.name} (${body.email}) wrote: "${body.message}" Please reply to ${body.email}.`,
        link: { path: '/notifications', label: 'Open my notifications' },
      })),
    });
  });
}
