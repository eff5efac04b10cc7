import { eq } from 'drizzle-orm';
import {
  ALREADY_REPORTED_MESSAGE,
  communityPostPath,
  OWN_REPORT_MESSAGE,
  REPORT_THANKS_MESSAGE,
  type FlagAnswer,
  type FlagBody,
} from '../../domain/community';
import { DAY_MS, REPORT_TRUSTED_AFTER_DAYS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import { checkReportAllowance } from '../admin/report-allowance-service';
import { communityPosts } from '../db/schema';
import { commitWithNotices, recordNotice, type NoticeDeps } from '../notices/notices';
import { insertFlag, settledFlagCount } from './community-flags-repository';
import { setForumItemHidden } from './community-moderation-service';
import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from './community-refusals';
import { lockPost, lockReply, memberContact, type Viewer } from './community-repository';
import { communityEvent } from './community-views';

// Members' reports of a post or reply (docs/product/community.md#reports-flags): one per member
// per item; at FLAGS_TO_HIDE different settled members' reports the item is hidden until an
// administrator decides (the admin reports tab, community-moderation-service.ts).

/** Different settled members' reports that hide an item at once, until an admin decides (decision 0027). */
export const FLAGS_TO_HIDE = 3;

export async function flagItem(
  deps: NoticeDeps,
  member: Viewer,
  body: FlagBody,
  now = new Date(),
): Promise<FlagAnswer> {
  await commitWithNotices(deps, async (tx, outbox) => {
    // The member's row first, as every transaction locks members before the rows they write.
    await checkReportAllowance(tx, member.id, now);
    const kind = body.postId !== undefined ? 'post' : 'reply';
    let item: { userId: number | null; hiddenAt: Date | null; postId: number; title: string; id: number };
    if (kind === 'post') {
      const post = await lockPost(tx, body.postId!);
      if (!post || post.deletedAt !== null || post.hiddenAt !== null)
        throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
      item = { userId: post.userId, hiddenAt: post.hiddenAt, postId: post.id, title: post.title, id: post.id };
    } else {
      const reply = await lockReply(tx, body.replyId!);
      if (!reply || reply.deletedAt !== null || reply.hiddenAt !== null)
        throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      const [post] = await tx.select().from(communityPosts).where(eq(communityPosts.id, reply.postId));
      if (!post || post.hiddenAt !== null) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      item = { userId: reply.userId, hiddenAt: reply.hiddenAt, postId: post.id, title: post.title, id: reply.id };
    }
    if (item.userId === member.id) throw new AppError('BAD_REQUEST', OWN_REPORT_MESSAGE);
    const added = await insertFlag(tx, {
      reportedByUserId: member.id,
      ...(kind === 'post' ? { postId: item.id } : { replyId: item.id }),
      reason: body.reason,
      details: body.details ?? null,
    });
    if (!added) throw new AppError('CONFLICT', ALREADY_REPORTED_MESSAGE);
    const target = kind === 'post' ? { postId: item.id } : { replyId: item.id };
    // Only settled members' flags hide at once, and never an administrator's words: anything
    // else waits in the reports queue for the club team, and tells nobody (decision 0027).
    const joinedBefore = new Date(now.getTime() - REPORT_TRUSTED_AFTER_DAYS * DAY_MS);
    if ((await settledFlagCount(tx, target, joinedBefore)) < FLAGS_TO_HIDE) return;
    const author = await memberContact(tx, item.userId);
    if (author?.isAdmin) return;
    await setForumItemHidden(tx, kind, item.id, true, now);
    outbox.events.push(communityEvent(item.postId));
    // The item is hidden once (a hidden item cannot be reported), so its author hears once.
    if (!author) return;
    const what = kind === 'post' ? 'your post' : 'your reply';
    await recordNotice(tx, outbox, {
      at: now,
      notifications: [
        {
          member: { id: author.id, email: author.email },
          tradeRequestId: null,
          type: 'forum_hidden',
          title: `We are taking a second look at ${what}`,
          message:
            `A few members asked us to look again at ${what} in "${item.title}", so it is out of view for now ` +
            'while an administrator reads it. This is often just a misunderstanding, and you have not lost ' +
            'anything: if it is fine it comes back as it was. Thank you for taking part in the club.',
          link: { path: kind === 'post' ? '/community' : communityPostPath(item.postId), label: 'Go to the community' },
          email: author.forumEmailNow,
        },
      ],
    });
  });
  return { message: REPORT_THANKS_MESSAGE };
}
