import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { unlockEarnedAchievements } from '../../src/server/achievements/achievements-service';
import { POST_TARGET, REPLY_TARGET } from '../../src/server/community/community-activity-repository';
import type { DbOrTx } from '../../src/server/db/client';
import {
  communityLikes,
  communityPosts,
  communityPostViews,
  communityReplies,
  puzzleListings,
  userActivities,
  type User,
} from '../../src/server/db/schema';
import type { CommunityCategory } from '../../src/domain/enums';
import { commitWithNotices, noNotices } from '../../src/server/notices/notices';
import { ADMIN_EMAIL } from './members';
import type { SeedStep } from './steps';

// The demo club's forum (docs/product/community.md): posts in every category, two pinned by the
// administrator, one locked, some with photos of finished puzzles (the demo listings'
// pictures), conversations with replies to replies, likes, views and the activity feed.
//
// Idempotent: a post is identified by its author and title and skipped when it exists.
// SIGKILL-safe: each post with all its replies, likes, views and activity is one transaction.
// Counters are written as the app keeps them: equal to a recount.

const M = {
  admin: ADMIN_EMAIL,
  margaret: 'margaret.hughes@example.org',
  derek: 'derek.pemberton@example.org',
  patricia: 'patricia.oneill@example.org',
  graham: 'graham.thornton@example.org',
  susan: 'susan.ashworth@example.org',
  rajesh: 'rajesh.patel@example.org',
  brenda: 'brenda.mcallister@example.org',
  alan: 'alan.rees@example.org',
  jean: 'jean.fairbairn@example.org',
  colin: 'colin.whitaker@example.org',
  hilary: 'hilary.chambers@example.org',
  moira: 'moira.donnelly@example.org',
  trevor: 'trevor.baxter@example.org',
} as const;
type Who = keyof typeof M;

type DemoReply = { by: Who; text: string; /** Index of the reply answered. */ to?: number; likes?: Who[] };
export type DemoPost = {
  by: Who;
  title: string;
  category: CommunityCategory;
  content: string;
  daysAgo: number;
  pinned?: true;
  locked?: true;
  /** How many of the author's listing pictures to show as photos of the finished puzzle. */
  photos?: number;
  tags?: string[];
  likes?: Who[];
  replies?: DemoReply[];
};

export const DEMO_POSTS: DemoPost[] = [
  {
    by: 'admin',
    title: 'Welcome to the Jigsaw Club community',
    category: 'general',
    pinned: true,
    daysAgo: 60,
    content:
      'Hello everyone, and welcome! This is our place to chat about puzzles: favourites, tips, finished pictures and questions.\n\nPlease be kind, keep personal details out of posts, and use Report if anything worries you. Happy puzzling!',
    likes: ['margaret', 'derek', 'patricia', 'susan', 'brenda', 'jean', 'moira'],
    replies: [
      { by: 'margaret', text: 'Thank you Eleanor, lovely to be here.', likes: ['admin'] },
      { by: 'derek', text: 'Glad to find fellow puzzlers. Steam engines are my thing!' },
    ],
  },
  {
    by: 'admin',
    title: 'How trading works: a short guide',
    category: 'help',
    pinned: true,
    locked: true,
    daysAgo: 59,
    content:
      'List a finished puzzle, choose its points, and when another member requests it you accept, post it and they confirm it arrived. The points move when they confirm.\n\nCount the pieces before you post, and say in the listing if any are missing. Questions are welcome in the Help & Support category.',
    likes: ['graham', 'hilary', 'alan', 'trevor'],
    replies: [{ by: 'hilary', text: 'Very clear, thank you. I did my first trade last week!' }],
  },
  {
    by: 'margaret',
    title: 'Finished my cottage garden puzzle',
    category: 'showcase',
    daysAgo: 3,
    photos: 1,
    tags: ['cottages', 'gardens'],
    content: 'Two weeks at the kitchen table and Biscuit only stole one piece. The hollyhocks were the hardest part.',
    likes: ['derek', 'patricia', 'susan', 'moira', 'jean'],
    replies: [
      { by: 'moira', text: 'Those colours are beautiful! Which make is it?', likes: ['margaret'] },
      { by: 'margaret', text: 'It is a Gibsons, 1000 pieces. Lovely thick card.', to: 0, likes: ['moira'] },
      { by: 'patricia', text: 'Biscuit has good taste. Did you find the piece?' },
      { by: 'margaret', text: 'Under the sofa, of course!', to: 2 },
    ],
  },
  {
    by: 'derek',
    title: 'Sorting tray recommendations?',
    category: 'tips',
    daysAgo: 12,
    content:
      'My 3000-piece engines take over the dining table. Has anyone found sorting trays that stack well and do not slide about?',
    likes: ['rajesh', 'alan'],
    replies: [
      { by: 'rajesh', text: 'I use six shallow trays with lids. They stack and keep the cat out.', likes: ['derek'] },
      {
        by: 'graham',
        text: 'Old baking trays lined with felt work wonderfully and cost nothing.',
        likes: ['derek', 'jean'],
      },
      { by: 'derek', text: 'Felt-lined baking trays, what a good idea. Trying it tonight.', to: 1 },
    ],
  },
  {
    by: 'patricia',
    title: 'Our lighthouse Sunday',
    category: 'showcase',
    daysAgo: 6,
    photos: 1,
    content: 'My sister and I finished the harbour lighthouse in one long Sunday, with a lot of tea.',
    likes: ['margaret', 'colin', 'brenda'],
    replies: [{ by: 'colin', text: 'That sky must have been a challenge. Well done both.' }],
  },
  {
    by: 'susan',
    title: 'Tips for puzzles with lots of water',
    category: 'tips',
    daysAgo: 20,
    content:
      'Monet puzzles are all water and lily pads. I sort by the direction of the brush strokes, not the colour. It changed everything for me.',
    likes: ['rajesh', 'moira', 'margaret'],
    replies: [
      { by: 'rajesh', text: 'Same trick works for gradients. Shape first, then stroke.' },
      { by: 'moira', text: 'I will try this on my water lilies, thank you Susan.' },
    ],
  },
  {
    by: 'rajesh',
    title: 'The all-white puzzle: done!',
    category: 'showcase',
    daysAgo: 9,
    photos: 1,
    content: 'Five weeks, no picture at all. I sorted every piece by its shape. Never again (until the next one).',
    likes: ['derek', 'susan', 'alan', 'trevor', 'graham'],
    replies: [
      { by: 'alan', text: 'Madness, and I mean that as a compliment.' },
      { by: 'susan', text: 'Hats off to you, Rajesh.' },
    ],
  },
  {
    by: 'brenda',
    title: 'Favourite Scottish scenes?',
    category: 'general',
    daysAgo: 15,
    content: 'Looking for my next Highland puzzle. Castles, lochs or cattle: which have you enjoyed most?',
    likes: ['jean'],
    replies: [
      { by: 'jean', text: 'Eilean Donan by Ravensburger is a joy, lovely clean cut.', likes: ['brenda'] },
      { by: 'trevor', text: 'Any Wentworth castle, the whimsy pieces are fun.' },
    ],
  },
  {
    by: 'alan',
    title: 'Old Waddingtons boxes: how to store them?',
    category: 'help',
    daysAgo: 25,
    content: 'Some of my 1970s boxes are splitting at the corners. How do you keep old boxes in good shape?',
    replies: [
      { by: 'graham', text: 'Acid-free tape on the inside corners, and store them flat, never on end.' },
      { by: 'admin', text: 'A bag for the pieces inside the box helps too, so nothing escapes.' },
    ],
  },
  {
    by: 'jean',
    title: 'Club night in Keswick',
    category: 'general',
    daysAgo: 30,
    content: 'We swap puzzles at the library every second Thursday. Any members in Cumbria are welcome to join us.',
    likes: ['brenda', 'margaret'],
    replies: [{ by: 'brenda', text: 'If I am ever down that way I will bring a Highland puzzle!' }],
  },
  {
    by: 'colin',
    title: 'Birds in puzzles',
    category: 'general',
    daysAgo: 18,
    content: 'Does anyone know a maker who does accurate bird puzzles? So many have the wrong colours on robins.',
    replies: [{ by: 'moira', text: 'Otter House did a lovely garden birds one, quite accurate.' }],
  },
  {
    by: 'hilary',
    title: 'Christmas puzzles in November already',
    category: 'general',
    daysAgo: 4,
    content: 'I have started my Christmas puzzle season early. Currently doing a snowy village with a tea room.',
    likes: ['margaret', 'moira'],
    replies: [
      { by: 'margaret', text: 'Not early at all, I started in October!' },
      { by: 'hilary', text: 'A kindred spirit!', to: 0 },
    ],
  },
  {
    by: 'moira',
    title: 'Finished: butterfly garden',
    category: 'showcase',
    daysAgo: 2,
    photos: 1,
    content: 'So many colours, it kept me cheerful all week.',
    likes: ['susan', 'hilary', 'margaret'],
  },
  {
    by: 'trevor',
    title: 'Cathedral puzzles: a list',
    category: 'tips',
    daysAgo: 40,
    content:
      'For anyone starting on cathedrals: begin with the windows, they are the most distinctive. Save the stonework for last.',
    likes: ['alan', 'derek'],
    replies: [{ by: 'alan', text: 'Good advice. The stonework nearly beat me on Salisbury.' }],
  },
  {
    by: 'graham',
    title: 'Wooden puzzles: worth the price?',
    category: 'general',
    daysAgo: 22,
    content: 'Wooden puzzles cost more but last for ever, and the whimsy pieces are delightful. What do others think?',
    likes: ['trevor'],
    replies: [
      { by: 'trevor', text: 'Worth every penny for a favourite picture.' },
      { by: 'rajesh', text: 'I prefer card, but I understand the appeal.' },
    ],
  },
  {
    by: 'margaret',
    title: 'Missing piece etiquette',
    category: 'help',
    daysAgo: 8,
    content: 'If I find a piece is missing only after I finish a traded puzzle, what is the polite thing to do?',
    likes: ['patricia', 'hilary'],
    replies: [
      { by: 'admin', text: 'Message the member kindly first. Most are glad to know, and it is rarely on purpose.' },
      { by: 'patricia', text: 'I always count before I post now, after learning the hard way.' },
    ],
  },
  {
    by: 'derek',
    title: 'Flying Scotsman, 3000 pieces',
    category: 'showcase',
    daysAgo: 1,
    photos: 2,
    content: 'Finished at last! The smoke was grey on grey, but worth it.',
    likes: ['rajesh', 'alan', 'trevor', 'graham', 'margaret'],
    replies: [{ by: 'graham', text: 'Magnificent. Will you frame it?' }],
  },
  {
    by: 'susan',
    title: 'Best light for evening puzzling',
    category: 'tips',
    daysAgo: 14,
    content: 'A daylight bulb in an angled lamp makes a big difference to my eyes in the evening. Highly recommended.',
    likes: ['margaret', 'brenda', 'jean', 'hilary'],
    replies: [{ by: 'brenda', text: 'I bought one after reading this. Thank you, Susan.' }],
  },
  {
    by: 'brenda',
    title: 'How do I report a problem with a trade?',
    category: 'help',
    daysAgo: 35,
    content: 'My puzzle arrived damaged. What should I do?',
    replies: [
      {
        by: 'admin',
        text: 'Message the member first. If you cannot agree, use Report a problem on the trade and I will look at it.',
      },
    ],
  },
  {
    by: 'patricia',
    title: 'Puzzle mats: yes or no?',
    category: 'tips',
    daysAgo: 28,
    content: 'We roll our puzzle up on a mat when the table is needed for dinner. Does it damage the pieces?',
    replies: [{ by: 'derek', text: 'Never had a problem, as long as you roll it slowly.' }],
  },
  {
    by: 'jean',
    title: 'Finished: Derwentwater in autumn',
    category: 'showcase',
    daysAgo: 5,
    photos: 1,
    content: 'My own lake, in puzzle form. The reflections were tricky.',
    likes: ['brenda', 'colin', 'susan'],
  },
  {
    by: 'hilary',
    title: 'Favourite tea room puzzles',
    category: 'general',
    daysAgo: 45,
    content: 'Any recommendations for puzzles with tea rooms or village fetes? I cannot get enough of them.',
    replies: [{ by: 'margaret', text: 'The Wasgij fete ones are great fun.' }],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** The member's listing pictures, oldest listing first (the demo's drawn puzzles). */
async function photosOf(db: DbOrTx, userId: number, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ url: puzzleListings.puzzleImageUrl })
    .from(puzzleListings)
    .where(and(eq(puzzleListings.userId, userId), isNotNull(puzzleListings.puzzleImageUrl)))
    .orderBy(asc(puzzleListings.id))
    .limit(count);
  return rows.flatMap((r) => (r.url ? [r.url] : []));
}

async function writePost(db: DbOrTx, post: DemoPost, member: (who: Who) => User, now: Date): Promise<void> {
  const author = member(post.by);
  const createdAt = new Date(now.getTime() - post.daysAgo * DAY);
  const replyTimes = (post.replies ?? []).map((_, i) => new Date(createdAt.getTime() + (i + 1) * 3 * 60 * 60 * 1000));
  const lastActivityAt = replyTimes.at(-1) ?? createdAt;
  const imageUrls = await photosOf(db, author.id, post.photos ?? 0);
  await commitWithNotices({ db, notices: noNotices }, async (tx, outbox) => {
    const [row] = await tx
      .insert(communityPosts)
      .values({
        userId: author.id,
        title: post.title,
        content: post.content,
        category: post.category,
        tags: post.tags ?? [],
        imageUrls,
        isPinned: post.pinned ?? false,
        isLocked: post.locked ?? false,
        likeCount: post.likes?.length ?? 0,
        replyCount: post.replies?.length ?? 0,
        lastActivityAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: communityPosts.id });
    const postId = row!.id;
    await tx.insert(userActivities).values({
      userId: author.id,
      activityType: 'post_created',
      targetType: POST_TARGET,
      targetId: postId,
      description: `Started a discussion: "${post.title}"`,
      createdAt,
    });
    const replyIds: number[] = [];
    for (const [i, reply] of (post.replies ?? []).entries()) {
      const by = member(reply.by);
      const [r] = await tx
        .insert(communityReplies)
        .values({
          postId,
          userId: by.id,
          content: reply.text,
          parentReplyId: reply.to === undefined ? null : replyIds[reply.to]!,
          likeCount: reply.likes?.length ?? 0,
          createdAt: replyTimes[i]!,
          updatedAt: replyTimes[i]!,
        })
        .returning({ id: communityReplies.id });
      replyIds.push(r!.id);
      await tx.insert(userActivities).values({
        userId: by.id,
        activityType: 'reply_posted',
        targetType: REPLY_TARGET,
        targetId: r!.id,
        description: `Replied to "${post.title}"`,
        createdAt: replyTimes[i]!,
      });
      for (const liker of reply.likes ?? []) {
        await tx.insert(communityLikes).values({ userId: member(liker).id, replyId: r!.id, createdAt: replyTimes[i]! });
      }
    }
    for (const liker of post.likes ?? []) {
      await tx.insert(communityLikes).values({ userId: member(liker).id, postId, createdAt });
    }
    // Everyone who liked or replied has looked at it (one view per member per day).
    const viewers = [...new Set([...(post.likes ?? []), ...(post.replies ?? []).map((r) => r.by)])]
      .map((w) => member(w).id)
      .filter((id) => id !== author.id);
    if (viewers.length > 0) {
      await tx
        .insert(communityPostViews)
        .values(viewers.map((userId) => ({ postId, userId, viewedOn: createdAt.toISOString().slice(0, 10) })));
      await tx
        .update(communityPosts)
        .set({ viewCount: sql`${communityPosts.viewCount} + ${viewers.length}` })
        .where(eq(communityPosts.id, postId));
    }
    // What the forum earned them (first post, helpful likes): history only, nobody is told.
    const earners = new Set([
      author.id,
      ...(post.replies ?? []).filter((r) => r.likes?.length).map((r) => member(r.by).id),
    ]);
    for (const id of [...earners].sort((a, b) => a - b)) await unlockEarnedAchievements(tx, id, outbox, now);
  });
}

export const communityStep: SeedStep = {
  name: 'community forum',
  async run(db, ctx) {
    const member = (who: Who): User => {
      const m = ctx.members.get(M[who]);
      if (!m) throw new Error(`demo member ${M[who]} is missing`);
      return m;
    };
    if (Object.values(M).some((email) => !ctx.members.has(email))) {
      ctx.log('Community: demo members missing, skipped');
      return;
    }
    const existing = await db
      .select({ userId: communityPosts.userId, title: communityPosts.title })
      .from(communityPosts);
    const have = new Set(existing.map((p) => `${p.userId}:${p.title}`));
    for (const post of DEMO_POSTS) {
      if (have.has(`${member(post.by).id}:${post.title}`)) continue;
      await writePost(db, post, member, ctx.now);
      ctx.log(`Forum post: ${post.title}`);
    }
  },
};
