import { Link } from 'react-router';
import { Eye, Heart, MessageSquare } from 'lucide-react';
import type { CommunityPostView } from '../../../../domain/community';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCommunityDate } from '../../../lib/format';
import { PostBadges, PostTags } from './post-badges';
import { plural } from '../../../../domain/sentences';

/** The author's name: a link to their page, or plain words for a former member. */
export function AuthorName({ userId, userName }: { userId: number | null; userName: string }) {
  return userId === null ? <span className="italic">{userName}</span> : <MemberNameLink id={userId} name={userName} />;
}

/**
 * One post in the list (docs/product/community.md#posts): category badge, a Pinned badge and highlighted card, the
 * author, the title (the link that opens the post), the content clamped to 3 lines, the
 * view, like and reply counts, and the last-activity date; '3 new replies' since the member
 * last read it.
 */
export function PostCard({ post, href, isOpen }: { post: CommunityPostView; href: string; isOpen: boolean }) {
  return (
    <article
      aria-labelledby={`post-${post.id}-title`}
      className={cn(
        'flex flex-col gap-3 rounded-lg border-2 p-4 sm:p-5',
        post.isPinned ? 'border-highlight-900 bg-highlight-100' : 'border-line bg-white',
        isOpen && 'ring-4 ring-brand-700',
      )}
    >
      <PostBadges post={post} hiddenLabel="Hidden">
        {post.newReplies !== undefined && post.newReplies > 0 && (
          <Badge variant="danger">{plural(post.newReplies, 'new reply', 'new replies')}</Badge>
        )}
      </PostBadges>
      <h3 id={`post-${post.id}-title`} className="text-xl font-bold">
        <Link
          to={href}
          aria-current={isOpen ? 'true' : undefined}
          // Underlined without hovering, like the club's other links, so it is plain that the title opens the post.
          className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {post.title}
        </Link>
      </h3>
      <p className="text-ink-muted">
        By <AuthorName userId={post.userId} userName={post.userName} />
      </p>
      <p className="line-clamp-3 whitespace-pre-line break-words">{post.content}</p>
      <PostTags tags={post.tags} />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden="true" className="size-5" />
          {plural(post.viewCount, 'view', 'views')}
        </span>
        <span className="inline-flex items-center gap-1">
          <Heart aria-hidden="true" className="size-5" />
          {plural(post.likeCount, 'like', 'likes')}
        </span>
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-5" />
          {plural(post.replyCount, 'reply', 'replies')}
        </span>
        <span>Last activity {formatCommunityDate(post.lastActivityAt)}</span>
      </div>
    </article>
  );
}

/** Grey stand-ins for the cards while the posts load (5, docs/product/screens.md#community). */
export function PostListSkeleton() {
  return (
    <ul className="flex flex-col gap-4" aria-hidden="true" data-testid="post-skeletons">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="flex animate-pulse flex-col gap-3 rounded-lg border-2 border-line bg-white p-5">
          <div className="h-6 w-32 rounded-full bg-line" />
          <div className="h-7 w-3/4 rounded bg-line" />
          <div className="h-5 w-full rounded bg-line" />
          <div className="h-5 w-5/6 rounded bg-line" />
          <div className="h-5 w-1/2 rounded bg-line" />
        </li>
      ))}
    </ul>
  );
}
