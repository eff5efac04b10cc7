import type { LikeAnswer, LikeBody } from '../../domain/community';
import { OWN_LIKE_MESSAGE } from '../../domain/community';
import { AppError } from '../../domain/errors';
import { unlockEarnedAchievements } from '../achievements/achievements-service';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import { toggleLikeRow } from './community-likes-repository';
import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from './community-refusals';
import { inHiddenPost } from './community-replies-service';
import { lockPost, lockReply, type Viewer } from './community-repository';
import { communityEvent } from './community-views';

// Likes (docs/product/community.md#likes): a member likes or unlikes someone else's post or
// reply; a like may earn its author an achievement.

export async function toggleLike(
  deps: NoticeDeps,
  member: Viewer,
  body: LikeBody,
  now = new Date(),
): Promise<LikeAnswer> {
  return commitWithNotices(deps, async (tx, outbox) => {
    let authorId: number | null;
    let postId: number;
    if (body.postId !== undefined) {
      const post = await lockPost(tx, body.postId);
      if (!post || post.deletedAt !== null || (post.hiddenAt !== null && !member.isAdmin)) {
        throw new AppError('NOT_FOUND', POST_NOT_FOUND_MESSAGE);
      }
      authorId = post.userId;
      postId = post.id;
    } else {
      const reply = await lockReply(tx, body.replyId!);
      const gone = !reply || reply.deletedAt !== null || (reply.hiddenAt !== null && !member.isAdmin);
      if (gone || (await inHiddenPost(tx, member, reply.postId)))
        throw new AppError('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE);
      authorId = reply.userId;
      postId = reply.postId;
    }
    if (authorId === member.id) throw new AppError('BAD_REQUEST', OWN_LIKE_MESSAGE);
    const target = body.postId !== undefined ? { postId: body.postId } : { replyId: body.replyId! };
    const answer = await toggleLikeRow(tx, member.id, target);
    if (answer.liked && authorId !== null) await unlockEarnedAchievements(tx, authorId, outbox, now);
    outbox.events.push(communityEvent(postId));
    return answer;
  });
}
