import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { CommunityPostDetail } from '../../../../domain/community';
import { Button } from '../../../components/ui/button';
import { SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { Spinner } from '../../../components/ui/spinner';
import { PostBadges } from './post-badges';
import { plural } from '../../../../domain/sentences';

// The post panel's heading part, apart from the panel (post-panel.tsx), whose forms and their
// schemas load only once a post is opened: the page shows the loading panel meanwhile.

/** The panel's heading part: 'Back to posts' (on a phone the panel is the whole page), badges, the title. */
export function PanelFrame({
  title,
  post,
  onClose,
  children,
}: {
  title: string;
  post?: CommunityPostDetail;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Button variant="link" className="self-start px-0 sm:hidden" onClick={onClose}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to posts
      </Button>
      {post && <PostBadges post={post} hiddenLabel="Hidden after reports" className="pr-28" />}
      <SheetTitle className="pr-28 text-2xl font-bold break-words">{title}</SheetTitle>
      <SheetDescription className="sr-only">
        {post ? `The post and its ${plural(post.replyCount, 'reply', 'replies')}` : title}
      </SheetDescription>
      {children}
    </div>
  );
}

/** The panel while the post (or the panel's own code) is on its way. */
export function PostPanelLoading({ onClose }: { onClose: () => void }) {
  return (
    <PanelFrame title="Loading post" onClose={onClose}>
      <Spinner label="Loading post" />
    </PanelFrame>
  );
}
