import { eq, inArray } from 'drizzle-orm';
import { unlockEarnedAchievements } from '../../src/server/achievements/achievements-service';
import { memberProfiles, users, type NewMemberProfile } from '../../src/server/db/schema';
import { commitWithNotices, noNotices } from '../../src/server/notices/notices';
import { DEMO_MEMBERS } from './members';
import { makeAvatarPicture } from './pictures';
import type { SeedStep } from './steps';

// The demo members' pages (docs/product/members.md#member-pages): drawn avatars, a welcome message and a few words
// about themselves; one member keeps their page private and one hides their town; two have
// no picture, so the directory shows initials too. Then everyone gets the achievements their
// listings and trades (earlier steps) have earned. Their feedback is the trades step's.
//
// Idempotent: a member who already has a member page is left alone, and achievements are
// unlocked once whatever runs. SIGKILL-safe: one transaction per member (the picture is
// stored first: a file without a row is harmless, a row without its file is not).

type DemoPage = {
  welcome: string;
  aboutMe: string;
  /** Not in the directory: the page is theirs and the administrators' alone. */
  private?: true;
  hideTown?: true;
  noAvatar?: true;
};

/** The member who keeps their page private (the seed test looks for them). */
export const PRIVATE_DEMO_MEMBER = 'pauline.okafor@example.org';

export const DEMO_MEMBER_PAGES: Record<string, DemoPage> = {
  'admin@jigsaw.club': {
    welcome: 'Welcome to the club! Ask me anything about how trading works.',
    aboutMe:
      'I started Jigsaw Club with friends from the library puzzle swap. Forty years a librarian, so I cannot resist a puzzle of book spines or an old map. I look after the club and read every message.',
  },
  'margaret.hughes@example.org': {
    welcome: 'Cottages, gardens and cats, please!',
    aboutMe:
      'Retired primary teacher. I do a puzzle every week at the kitchen table, and my cat Biscuit supervises. I always send a note with the pieces counted.',
  },
  'derek.pemberton@example.org': {
    welcome: 'Steam trains and big puzzles. The bigger the better.',
    aboutMe:
      'Forty years on the railways. These days I build 3000-piece steam engines instead. I post the same day, double-boxed.',
  },
  'patricia.oneill@example.org': {
    welcome: 'Lighthouses and harbours, always.',
    aboutMe: 'My sister and I do a puzzle together every Sunday. Seaside scenes are our favourite.',
  },
  'graham.thornton@example.org': {
    welcome: 'Wooden puzzles are my weakness.',
    aboutMe: 'Collector of wooden puzzles, happy to post anywhere in the UK. Every piece counted before it goes.',
    noAvatar: true,
  },
  'susan.ashworth@example.org': {
    welcome: 'The more impressionist, the better.',
    aboutMe: 'Fine art reproductions are my love: Monet, Renoir, anything with water lilies.',
  },
  'rajesh.patel@example.org': {
    welcome: 'Gradients and impossible puzzles, for the challenge.',
    aboutMe: 'Retired pharmacist. If a puzzle is all one colour, I want it.',
  },
  'brenda.mcallister@example.org': {
    welcome: 'Highland scenes and a good cup of tea.',
    aboutMe: 'Castles, lochs and Highland cattle. I sort the edges first and never look at the box.',
  },
  'alan.rees@example.org': {
    welcome: 'Vintage boxes from the 70s and 80s.',
    aboutMe: 'Rugby on the radio, a puzzle on the table. I like the old Waddingtons boxes best.',
  },
  'jean.fairbairn@example.org': {
    welcome: 'Mountains, lakes and sheep, naturally.',
    aboutMe: 'Lake District born and bred. I swap in person at the Keswick club night too.',
  },
  'colin.whitaker@example.org': {
    welcome: 'Always after a good Norfolk coast scene.',
    aboutMe: 'Birdwatcher by day, puzzler by night. I keep my town to myself, but I post promptly.',
    hideTown: true,
  },
  'hilary.chambers@example.org': {
    welcome: 'Christmas puzzles all year round.',
    aboutMe: 'Christmas puzzles in July, I am afraid. Also tea rooms and village fetes.',
    noAvatar: true,
  },
  'moira.donnelly@example.org': {
    welcome: 'Flowers, butterflies and anything colourful.',
    aboutMe: 'Retired nurse. Bright colours keep me going through the winter.',
  },
  'trevor.baxter@example.org': {
    welcome: 'Old maps, cathedrals and the odd Tudor house.',
    aboutMe: 'Happy to swap in person locally. I have every cathedral Wentworth ever made, nearly.',
  },
  [PRIVATE_DEMO_MEMBER]: {
    welcome: 'Just retired and finally have a table free for puzzles!',
    aboutMe: 'New to the club and still finding my feet, so my page is private for now.',
    private: true,
  },
};

export const memberPagesStep: SeedStep = {
  name: 'member pages and achievements',
  async run(db, ctx) {
    const members = DEMO_MEMBERS.flatMap((m) => ctx.members.get(m.email) ?? []);
    const ids = members.map((m) => m.id);
    const done = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ userId: memberProfiles.userId })
              .from(memberProfiles)
              .where(inArray(memberProfiles.userId, ids))
          ).map((r) => r.userId),
    );

    for (const { email } of DEMO_MEMBERS) {
      const member = ctx.members.get(email);
      const page = DEMO_MEMBER_PAGES[email];
      if (!member || !page || done.has(member.id)) continue;
      const avatarUrl = page.noAvatar ? null : await makeAvatarPicture(ctx.pictures, email);
      const row: NewMemberProfile = {
        userId: member.id,
        avatarUrl,
        welcomeMessage: page.welcome,
        aboutMe: page.aboutMe,
        isProfilePublic: !page.private,
        showLocation: !page.hideTown,
      };
      await db.transaction(async (tx) => {
        await tx.insert(memberProfiles).values(row);
        // The account's own flag says the same (PATCH /members/me/profile keeps them equal).
        if (page.private) await tx.update(users).set({ publicProfile: false }).where(eq(users.id, member.id));
      });
      ctx.log(`Member page: ${member.firstName} ${member.lastName}`);
    }

    // What their listings and trades have earned (the trades step unlocked what completing a
    // trade earns; listings were written directly, so First Listing is unlocked here). History
    // only: nobody is notified by e-mail or live.
    for (const member of members) {
      await commitWithNotices({ db, notices: noNotices }, (tx, outbox) =>
        unlockEarnedAchievements(tx, member.id, outbox, ctx.now),
      );
    }
  },
};
