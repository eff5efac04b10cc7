import { and, eq, sql } from 'drizzle-orm';
import { contactSubjectFor } from '../../src/domain/messages';
import { messageThreadParticipants, messageThreads, puzzleListings } from '../../src/server/db/schema';
import { addMessage, createThread } from '../../src/server/messages/threads-repository';
import type { SeedStep } from './steps';

// Conversations in the demo club (issue 7): members asking owners about live listings, as the
// Contact Owner dialog starts them. Some are read on both sides; a few end with an unread
// reply, so a demo sign-in (Margaret, Moira) shows the unread badge and 'New' rows. Idempotent:
// a conversation whose subject exists is skipped; each one is written in one transaction.

type Line = { from: 'asker' | 'owner'; text: string; hoursAgo: number };
type DemoConversation = { asker: string; owner: string; title: string; lines: Line[]; readByBoth: boolean };

// prettier-ignore
export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    asker: 'hilary.chambers@example.org', owner: 'margaret.hughes@example.org', title: 'The Village Fête', readByBoth: true,
    lines: [
      { from: 'asker', hoursAgo: 72, text: "Hello Margaret, I've been looking for a village fête puzzle for ages. Are all 500 pieces there, and is the box in good shape?" },
      { from: 'owner', hoursAgo: 70, text: "Hello Hilary! Yes, every piece is there, I counted them twice after my grandchildren helped. The box has one slightly soft corner but is otherwise lovely." },
      { from: 'asker', hoursAgo: 69, text: "Wonderful, thank you. I'll send a request this evening." },
    ],
  },
  {
    asker: 'margaret.hughes@example.org', owner: 'derek.pemberton@example.org', title: 'Signal Box at Dawn', readByBoth: false,
    lines: [
      { from: 'asker', hoursAgo: 26, text: 'Hello Derek, my brother loves branch lines and his birthday is next month. Would this suit someone who usually does 500 pieces?' },
      { from: 'owner', hoursAgo: 3, text: "Hello Margaret. It's a kind one for a thousand: lots of different textures, and the frost on the rails sorts nicely. It's brand new, still sealed in the bag." },
    ],
  },
  {
    asker: 'colin.whitaker@example.org', owner: 'rajesh.patel@example.org', title: 'Snowy Owl', readByBoth: true,
    lines: [
      { from: 'asker', hoursAgo: 120, text: "Good evening Rajesh. Is the Snowy Owl the 1000-piece version? I've done the smaller one and loved it." },
      { from: 'owner', hoursAgo: 119, text: "Hi Colin, it is the 1000. Mostly white, so be warned: it's a slow, happy puzzle." },
      { from: 'asker', hoursAgo: 96, text: 'Just my sort of thing. Thank you!' },
    ],
  },
  {
    asker: 'moira.donnelly@example.org', owner: 'susan.ashworth@example.org', title: 'Sunflowers', readByBoth: false,
    lines: [
      { from: 'asker', hoursAgo: 48, text: "Hello Susan, I'd love the Sunflowers for the day room at our church hall. Do you know if it came with a poster?" },
      { from: 'owner', hoursAgo: 0.7, text: 'Hello Moira, no poster I am afraid, but the picture on the box is nice and large. Happy to post it on to you.' },
    ],
  },
  {
    asker: 'trevor.baxter@example.org', owner: 'brenda.mcallister@example.org', title: 'Eilean Donan Castle', readByBoth: true,
    lines: [
      { from: 'asker', hoursAgo: 200, text: 'Hello Brenda, Eilean Donan is on my list of castles to visit and to puzzle. How tricky is the sky?' },
      { from: 'owner', hoursAgo: 198, text: 'Hello Trevor, the sky is mostly soft grey and blue: fiddly but not cruel. The castle itself goes together quickly.' },
    ],
  },
];

export const messagesStep: SeedStep = {
  name: 'conversations',
  async run(db, ctx) {
    const at = (hoursAgo: number) => new Date(ctx.now.getTime() - hoursAgo * 3600 * 1000);
    for (const c of DEMO_CONVERSATIONS) {
      const subject = contactSubjectFor(c.title);
      const asker = ctx.members.get(c.asker);
      const owner = ctx.members.get(c.owner);
      if (!asker || !owner) continue;
      const [exists] = await db
        .select({ id: messageThreads.id })
        .from(messageThreads)
        .where(eq(messageThreads.subject, subject))
        .limit(1);
      if (exists) continue;
      const [listing] = await db
        .select({ id: puzzleListings.id })
        .from(puzzleListings)
        .where(and(eq(puzzleListings.userId, owner.id), eq(puzzleListings.title, c.title)));
      if (!listing) continue;

      await db.transaction(async (tx) => {
        const thread = await createThread(tx, {
          subject,
          puzzleListingId: listing.id,
          participantIds: [asker.id, owner.id],
          createdAt: at(c.lines[0]!.hoursAgo),
        });
        for (const line of c.lines) {
          const senderId = line.from === 'asker' ? asker.id : owner.id;
          await addMessage(tx, { threadId: thread.id, senderId, content: line.text, createdAt: at(line.hoursAgo) });
        }
        if (c.readByBoth) {
          // Read a little after the last message arrived.
          const readAt = at(c.lines.at(-1)!.hoursAgo - 0.25);
          await tx
            .update(messageThreadParticipants)
            .set({
              lastReadAt: sql`greatest(${messageThreadParticipants.lastReadAt}, ${readAt.toISOString()}::timestamptz)`,
            })
            .where(eq(messageThreadParticipants.threadId, thread.id));
        }
      });
      ctx.log(`Conversation: '${subject}'`);
    }
  },
};
