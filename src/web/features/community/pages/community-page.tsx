import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MessagesSquare, Plus, Search, X } from 'lucide-react';
import { CATEGORY_LABELS } from '../../../../domain/constants';
import { POST_SEARCH_MAX } from '../../../../domain/community-list';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '../../../../domain/enums';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadMore } from '../../../components/ui/load-more';
import { Sheet, SheetContent } from '../../../components/ui/sheet';
import { useMember } from '../../../lib/current-user';
import { cn } from '../../../lib/cn';
import { lazyNamed } from '../../../lib/lazy-named';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePosts } from '../api/get-posts';
import { ActivityFeed } from '../components/activity-feed';
import { PostCard, PostListSkeleton } from '../components/post-card';
import { PostPanelLoading } from '../components/post-panel-frame';
import { useErrorToast } from '../components/use-error-toast';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { parseUrlId } from '../../../lib/url-id';

// The forms (a new post, a post's panel with its reply form) bring Zod and the forum's schemas:
// loaded when one opens, so the list does not wait for them (docs/performance.md).
const PostFormDialog = lazyNamed(() => import('../components/post-form-dialog'), 'PostFormDialog');
const PostPanel = lazyNamed(() => import('../components/post-panel'), 'PostPanel');

type Tab = 'posts' | 'activity';

function categoryParam(value: string | null): CommunityCategory | undefined {
  return COMMUNITY_CATEGORIES.find((c) => c === value);
}

/** The current address with some query parameters changed (null removes one). */
function withParams(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : '?';
}

/**
 * /community (docs/product/community.md): 'Discussion Posts' (a category sidebar, search, the post
 * list) and 'Community Activity'. Everything a member chose is in the address: ?category=,
 * ?q=, ?tab=activity, and the open post ?post={id} (with ?reply={id} to bring a reply into
 * view), so a notice's link and the Back button work.
 */
export function CommunityPage() {
  useDocumentTitle('Community');
  const member = useMember();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'activity' ? 'activity' : 'posts';
  const category = categoryParam(params.get('category'));
  const q = params.get('q')?.trim() || undefined;
  const postId = parseUrlId(params.get('post'));
  const replyId = parseUrlId(params.get('reply'));
  const [creating, setCreating] = useState(false);
  // Once opened, the new post's dialog stays mounted, so it closes as it always did.
  const [formLoaded, setFormLoaded] = useState(false);
  if (creating && !formLoaded) setFormLoaded(true);

  const closePost = () => setParams((current) => new URLSearchParams(withParams(current, { post: null, reply: null })));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">Community</h1>
        <Button size="large" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-6" />
          New Post
        </Button>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(new URLSearchParams(withParams(params, { tab: value === 'activity' ? 'activity' : null })))
        }
        className="flex flex-col gap-6"
      >
        <TabsList aria-label="Community">
          {(
            [
              ['posts', 'Discussion Posts'],
              ['activity', 'Community Activity'],
            ] as const
          ).map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="posts">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <CategoryNav params={params} current={category} />
            <PostList
              params={params}
              category={category}
              q={q}
              openPostId={postId}
              onNewPost={() => setCreating(true)}
            />
          </div>
        </TabsContent>
        <TabsContent value="activity">
          <ActivityFeed />
        </TabsContent>
      </Tabs>

      <Suspense fallback={null}>
        {formLoaded && (
          <PostFormDialog
            open={creating}
            onOpenChange={setCreating}
            // Started from a category, the post starts in it; once posted it opens (decision 0028).
            category={category}
            onCreated={(id) => setParams((current) => new URLSearchParams(withParams(current, { post: String(id) })))}
          />
        )}
      </Suspense>

      <Sheet open={postId !== null} onOpenChange={(open) => !open && closePost()}>
        <SheetContent
          size="page"
          closeLabel="Close post"
          // The panel itself takes the focus, so its title is read first (not its first link);
          // a notice's link instead brings one reply into view and focuses it once the replies are in.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (replyId === null && event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
          }}
        >
          {postId !== null && (
            <Suspense fallback={<PostPanelLoading onClose={closePost} />}>
              <PostPanel
                key={postId}
                postId={postId}
                replyId={replyId}
                memberId={member.id}
                isAdmin={member.isAdmin}
                onClose={closePost}
              />
            </Suspense>
          )}
        </SheetContent>
      </Sheet>
    </div>
  );
}

/** 'All Posts' and the four categories, with their labels; the chosen one is marked. */
function CategoryNav({ params, current }: { params: URLSearchParams; current: CommunityCategory | undefined }) {
  const items: { value: CommunityCategory | null; label: string }[] = [
    { value: null, label: 'All Posts' },
    ...COMMUNITY_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
  ];
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {items.map((item) => {
          const active = (item.value ?? undefined) === current;
          return (
            <li key={item.label}>
              <Link
                to={withParams(params, { category: item.value, post: null, reply: null })}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center rounded-md border-2 px-4 py-2 font-semibold',
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-700 hover:bg-brand-50',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function PostList({
  params,
  category,
  q,
  openPostId,
  onNewPost,
}: {
  params: URLSearchParams;
  category: CommunityCategory | undefined;
  q: string | undefined;
  openPostId: number | null;
  onNewPost: () => void;
}) {
  const [, setParams] = useSearchParams();
  const posts = usePosts({ category, q });
  const list = useRef<HTMLUListElement>(null);
  useErrorToast(posts.isError, 'Failed to fetch posts');
  const items = posts.data?.pages.flat() ?? [];
  const heading = category ? CATEGORY_LABELS[category] : 'All Posts';
  const [search, setSearch] = useState(q ?? '');

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(new URLSearchParams(withParams(params, { q: search.trim() || null, post: null, reply: null })));
  };
  const clearSearch = () => {
    setSearch('');
    setParams(new URLSearchParams(withParams(params, { q: null })));
  };

  return (
    <section aria-labelledby="posts-heading" className="flex min-w-0 flex-col gap-4">
      <form role="search" onSubmit={submitSearch} className="flex flex-wrap items-end gap-2">
        {/* Starts at 16rem, so on a phone the buttons wrap below the box rather than squeeze it to nothing. */}
        <div className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1">
          <Label htmlFor="community-search">Search posts</Label>
          <Input
            id="community-search"
            type="search"
            value={search}
            maxLength={POST_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Search
        </Button>
        {q && (
          <Button variant="secondary" onClick={clearSearch}>
            <X aria-hidden="true" className="size-5" />
            Clear search
          </Button>
        )}
      </form>

      <h2 id="posts-heading" className="text-2xl font-bold">
        {q ? `${heading} matching '${q}'` : heading}
      </h2>

      {posts.isPending ? (
        <PostListSkeleton />
      ) : posts.isError ? (
        <ErrorState message="Failed to fetch posts" onRetry={() => void posts.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={q ? 'No posts found' : 'No posts yet'}
          action={!q && <Button onClick={onNewPost}>Start a conversation</Button>}
        >
          {q
            ? `No posts match '${q}'. Try other words or another category.`
            : 'Be the first to start a conversation here.'}
        </EmptyState>
      ) : (
        <>
          <ul ref={list} className="flex flex-col gap-4">
            {items.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  href={withParams(params, { post: String(post.id), reply: null })}
                  isOpen={post.id === openPostId}
                />
              </li>
            ))}
          </ul>
          <LoadMore results={posts} list={list} label="Load more posts" />
        </>
      )}
    </section>
  );
}
