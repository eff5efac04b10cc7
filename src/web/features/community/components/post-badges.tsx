import type { ReactNode } from 'react';
import { Lock, Pin } from 'lucide-react';
import type { CommunityPostView } from '../../../../domain/community';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { CategoryBadge } from './category-badge';

/** A post's badges, on its card and its open panel: category, Pinned, Locked, hidden (for admins), then any extra. */
export function PostBadges({
  post,
  hiddenLabel,
  className,
  children,
}: {
  post: Pick<CommunityPostView, 'category' | 'isPinned' | 'isLocked' | 'isHidden'>;
  /** 'Hidden' on the card, 'Hidden after reports' in the panel, which has room to say why. */
  hiddenLabel: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <CategoryBadge category={post.category} />
      {post.isPinned && (
        <Badge variant="strong">
          <Pin aria-hidden="true" className="mr-1 size-4" />
          Pinned
        </Badge>
      )}
      {post.isLocked && (
        <Badge variant="outline">
          <Lock aria-hidden="true" className="mr-1 size-4" />
          Locked
        </Badge>
      )}
      {post.isHidden && <Badge variant="danger">{hiddenLabel}</Badge>}
      {children}
    </div>
  );
}

/** A post's tags, on its card and its open panel: 'Tags: edge pieces, sorting'. Nothing when it has none. */
export function PostTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-2', className)}>
      <span className="font-semibold">Tags:</span>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" className="whitespace-normal">
          {tag}
        </Badge>
      ))}
    </p>
  );
}
