import { and, inArray } from 'drizzle-orm';
import { AppError, isAppError } from '../../src/domain/errors';
import type { DbOrTx } from '../../src/server/db/client';
import { puzzleListings, tradeRequests, type PuzzleListing, type User } from '../../src/server/db/schema';
import { leaveFeedback } from '../../src/server/feedback/feedback-service';
import { noNotices } from '../../src/server/notices/notices';
import {
  applyTradeCommand,
  requestTrade,
  type Actor,
  type TradeCommand,
} from '../../src/server/trades/trade-life-cycle-service';
import { ADMIN_EMAIL } from './members';
import type { SeedStep } from './steps';

// The demo club's trades, one or more in every state of docs/product/trades.md, made through the trade
// service itself (so every point moves through the ledger and every step leaves its system
// message, notification and audit row, dated in the past). The steps of all trades run in
// date order, so each member's points history reads in order too. No e-mail is sent.
//
// Idempotent and SIGKILL-safe: the whole step is one transaction, and it is skipped when any
// of its trades already exists. Each trade runs in a savepoint: one that no longer fits (a
// member of a long-lived demo spent their points) is left out with a log line.

const DAY_MS = 24 * 60 * 60 * 1000;

type Step =
  | { daysAgo: number; by: 'requester' | 'owner' | 'admin' | 'system'; command: TradeCommand }
  | { daysAgo: number; by: 'requester' | 'owner'; feedback: { rating: number; comment: string } };

type DemoTrade = {
  requester: string;
  owner: string;
  title: string;
  requestedDaysAgo: number;
  comment?: string;
  steps: Step[];
};

const accept = (daysAgo: number): Step => ({ daysAgo, by: 'owner', command: { action: 'accept' } });
const ship = (daysAgo: number, trackingNumber: string): Step => ({
  daysAgo,
  by: 'owner',
  command: {
    action: 'ship',
    carrierName: 'Royal Mail',
    trackingNumber,
    shippingNotes: 'Pieces bagged, box wrapped in bubble wrap.',
  },
});
const confirm = (daysAgo: number, deliveryNotes?: string): Step => ({
  daysAgo,
  by: 'requester',
  command: { action: 'confirm-delivery', deliveryNotes: deliveryNotes ?? null },
});
const rate = (daysAgo: number, by: 'requester' | 'owner', rating: number, comment: string): Step => ({
  daysAgo,
  by,
  feedback: { rating, comment },
});

export const DEMO_TRADES: DemoTrade[] = [
  {
    requester: 'margaret.hughes@example.org',
    owner: 'derek.pemberton@example.org',
    title: 'Flying Scotsman at York',
    requestedDaysAgo: 60,
    comment: 'My late husband loved this engine. I would treasure it.',
    steps: [
      accept(59),
      ship(58, 'KP123456781GB'),
      confirm(55, 'Arrived safe and sound, thank you Derek!'),
      rate(54, 'requester', 5, 'Beautifully packed and every piece there. A real gentleman.'),
      rate(53, 'owner', 5, 'Lovely to trade with Margaret, she let me know the moment it arrived.'),
    ],
  },
  {
    requester: 'alan.rees@example.org',
    owner: 'susan.ashworth@example.org',
    title: 'Water Lilies',
    requestedDaysAgo: 50,
    steps: [
      accept(49),
      ship(47, 'KP223456782GB'),
      confirm(44),
      rate(43, 'requester', 4, 'Box a little squashed in the post, but the puzzle was perfect.'),
      rate(43, 'owner', 5, 'Quick and friendly. Thank you Alan.'),
    ],
  },
  {
    requester: 'rajesh.patel@example.org',
    owner: 'brenda.mcallister@example.org',
    title: 'Eilean Donan Castle',
    requestedDaysAgo: 45,
    steps: [
      accept(44),
      ship(43, 'KP323456783GB'),
      // Nobody confirmed: the trade completed by itself 21 days after shipping.
      { daysAgo: 22, by: 'system', command: { action: 'auto-complete' } },
      rate(21, 'owner', 4, 'Went off without a hitch, though I never heard it had arrived.'),
    ],
  },
  {
    requester: 'derek.pemberton@example.org',
    owner: 'margaret.hughes@example.org',
    title: 'Cottage Garden in June',
    requestedDaysAgo: 20,
    comment: 'For my wife, who admired yours at the club night.',
    steps: [
      accept(19),
      ship(17, 'KP423456784GB'),
      confirm(10, 'The cat on the wall was a hit.'),
      // Only Derek has rated so far: hidden from Margaret until she rates, or for 14 days.
      rate(9, 'requester', 5, 'Exactly as described. Margaret even added a note with tips.'),
    ],
  },
  {
    requester: 'susan.ashworth@example.org',
    owner: 'brenda.mcallister@example.org',
    title: 'Highland Cattle',
    requestedDaysAgo: 30,
    steps: [
      accept(29),
      ship(27, 'KP523456785GB'),
      {
        daysAgo: 8,
        by: 'requester',
        command: {
          action: 'dispute',
          details: 'The box arrived but about twenty pieces are missing, and the listing said complete.',
        },
      },
    ],
  },
  {
    requester: 'graham.thornton@example.org',
    owner: 'jean.fairbairn@example.org',
    title: 'Herdwick Sheep',
    requestedDaysAgo: 40,
    steps: [
      accept(39),
      ship(38, 'KP623456786GB'),
      {
        daysAgo: 30,
        by: 'requester',
        command: { action: 'dispute', details: 'Nothing has arrived after eight days.' },
      },
      {
        daysAgo: 28,
        by: 'admin',
        command: { action: 'resolve-refund', notes: 'Lost in the post; Royal Mail confirmed.' },
      },
    ],
  },
  {
    requester: 'hilary.chambers@example.org',
    owner: 'graham.thornton@example.org',
    title: 'The Orchard',
    requestedDaysAgo: 8,
    comment: 'I have always wanted a wooden one with whimsies.',
    steps: [accept(7), ship(5, 'KP723456787GB')],
  },
  {
    requester: 'jean.fairbairn@example.org',
    owner: 'patricia.oneill@example.org',
    title: 'Beach Huts in a Row',
    requestedDaysAgo: 4,
    steps: [accept(3)],
  },
  {
    requester: 'colin.whitaker@example.org',
    owner: 'hilary.chambers@example.org',
    title: 'The Tea Room',
    requestedDaysAgo: 2,
    comment: 'Happy to wait until after your next club night.',
    steps: [],
  },
  {
    requester: 'moira.donnelly@example.org',
    owner: 'hilary.chambers@example.org',
    title: 'The Tea Room',
    requestedDaysAgo: 1,
    steps: [],
  },
  {
    requester: 'trevor.baxter@example.org',
    owner: 'rajesh.patel@example.org',
    title: 'Mandala in Blue',
    requestedDaysAgo: 15,
    steps: [
      {
        daysAgo: 14,
        by: 'owner',
        command: { action: 'decline', reason: 'Sorry Trevor, I have promised this one to my daughter.' },
      },
    ],
  },
  {
    requester: 'patricia.oneill@example.org',
    owner: 'alan.rees@example.org',
    title: 'Dragons and Daffodils',
    requestedDaysAgo: 12,
    steps: [{ daysAgo: 11, by: 'requester', command: { action: 'cancel' } }],
  },
  {
    requester: 'pauline.okafor@example.org',
    owner: 'patricia.oneill@example.org',
    title: 'Punch and Judy',
    requestedDaysAgo: 12,
    // Unanswered for 7 days: the request expired by itself.
    steps: [{ daysAgo: 5, by: 'system', command: { action: 'expire' } }],
  },
];

type Event = { at: Date; trade: number; step: Step | 'request' };

export const tradesStep: SeedStep = {
  name: 'trades',
  async run(db, ctx) {
    const member = (email: string): User | undefined => ctx.members.get(email);
    const admin = member(ADMIN_EMAIL);
    const ownerIds = [
      ...new Set(DEMO_TRADES.map((d) => member(d.owner)?.id).filter((id): id is number => id !== undefined)),
    ];
    if (ownerIds.length === 0) return;
    const listings = await db.select().from(puzzleListings).where(inArray(puzzleListings.userId, ownerIds));
    const listingOf = (d: DemoTrade): PuzzleListing | undefined =>
      listings.find((l) => l.title === d.title && l.userId === member(d.owner)?.id);

    const planned = DEMO_TRADES.filter((d) => member(d.requester) && listingOf(d));
    const existing = await db
      .select({ id: tradeRequests.id })
      .from(tradeRequests)
      .where(
        and(
          inArray(
            tradeRequests.puzzleListingId,
            planned.map((d) => listingOf(d)!.id),
          ),
          inArray(
            tradeRequests.requesterId,
            planned.map((d) => member(d.requester)!.id),
          ),
        ),
      )
      .limit(1);
    if (existing.length > 0) return;

    const ago = (days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
    const events: Event[] = planned.flatMap((d, i) => [
      { at: ago(d.requestedDaysAgo), trade: i, step: 'request' as const },
      ...d.steps.map((step) => ({ at: ago(step.daysAgo), trade: i, step })),
    ]);
    // Date order; a trade's own steps keep their order on the same day.
    events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.trade - b.trade);

    await db.transaction(async (tx) => {
      const tradeIds = new Map<number, number>();
      const failed = new Set<number>();
      for (const event of events) {
        const d = planned[event.trade]!;
        if (failed.has(event.trade)) continue;
        const requester = member(d.requester)!;
        const owner = member(d.owner)!;
        try {
          await tx.transaction((sp) =>
            runEvent(sp, event, d, { requester, owner, admin, listing: listingOf(d)!, tradeIds }),
          );
        } catch (err) {
          if (!isAppError(err)) throw err;
          failed.add(event.trade);
          ctx.log(`Skipped the demo trade for "${d.title}": ${err.message}`);
        }
      }
      ctx.log(`Demo trades: ${planned.length - failed.size}, one or more in every state`);
    });
  },
};

async function runEvent(
  tx: DbOrTx,
  event: Event,
  d: DemoTrade,
  who: { requester: User; owner: User; admin: User | undefined; listing: PuzzleListing; tradeIds: Map<number, number> },
): Promise<void> {
  const opts = { now: event.at, backdate: true };
  if (event.step === 'request') {
    const { trade } = await requestTrade(
      { db: tx, notices: noNotices },
      { id: who.requester.id },
      { puzzleListingId: who.listing.id, requestComments: d.comment ?? null },
      opts,
    );
    who.tradeIds.set(event.trade, trade.id);
    return;
  }
  const tradeId = who.tradeIds.get(event.trade)!;
  const step = event.step;
  if ('feedback' in step) {
    const by = step.by === 'owner' ? who.owner : who.requester;
    await leaveFeedback({ db: tx, notices: noNotices }, { id: by.id }, tradeId, step.feedback, { now: event.at });
    return;
  }
  if (step.by === 'admin' && !who.admin) throw new AppError('NOT_FOUND', 'the demo club has no administrator');
  const actor: Actor =
    step.by === 'system'
      ? { kind: 'system' }
      : step.by === 'admin'
        ? { kind: 'admin', id: who.admin!.id }
        : { kind: 'member', id: (step.by === 'owner' ? who.owner : who.requester).id };
  const result = await applyTradeCommand({ db: tx, notices: noNotices }, tradeId, actor, step.command, opts);
  if (!result) throw new Error(`demo trade ${tradeId}: ${step.command.action} did not apply`);
}
