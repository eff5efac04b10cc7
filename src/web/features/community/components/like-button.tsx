import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useToggleLike } from '../api/toggle-like';
import { plural } from '../../../../domain/sentences';

/**
 * The like count, and for someone else's writing a button that likes or unlikes it
 * (aria-pressed says which). A failed like shows nothing (docs/product/community.md#likes); the count stays the server's.
 */
export function LikeButton({
  target,
  count,
  likedByMe,
  canLike,
  what,
}: {
  target: { postId: number } | { replyId: number };
  count: number;
  likedByMe: boolean;
  canLike: boolean;
  /** 'post' or 'reply by Margaret H.': for the button's name. */
  what: string;
}) {
  const like = useToggleLike();
  const text = plural(count, 'like', 'likes');
  if (!canLike) {
    return (
      <span className="inline-flex min-h-11 items-center gap-1 text-ink-muted">
        <Heart aria-hidden="true" className="size-5" />
        {text}
      </span>
    );
  }
  return (
    <Button
      variant="ghost"
      aria-pressed={likedByMe}
      disabled={like.isPending}
      onClick={() => like.mutate(target)}
      className={cn('border-2', likedByMe ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-line-strong')}
    >
      <Heart aria-hidden="true" className={cn('size-5', likedByMe && 'fill-current')} />
      {likedByMe ? 'Liked' : 'Like'}
      <span className="sr-only"> this {what}</span> · {text}
    </Button>
  );
}
