// What the community page's list needs before any form opens, in a file without Zod: its
// forms' schemas (community.ts, with Zod and the fields they share: about 40 KB compressed)
// are loaded only when a form or a post's panel opens. community.ts re-exports all of it.

// Where a notice about a reply leads (there is no /community/posts/:id route): the page opens
// the post's side panel from `post` and scrolls to (and focuses) the element with
// id="reply-{replyId}". Used verbatim by the server's notices and e-mails.
export function communityReplyPath(postId: number, replyId: number): string {
  return `/community?post=${postId}&reply=${replyId}`;
}
export function communityPostPath(postId: number): string {
  return `/community?post=${postId}`;
}

export const COMMUNITY_POSTS_PAGE_SIZE = 20;
export const COMMUNITY_ACTIVITIES_PAGE_SIZE = 50;
export const POST_SEARCH_MAX = 100;
