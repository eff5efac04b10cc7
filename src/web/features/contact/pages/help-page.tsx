import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  LISTING_POINTS_MAX,
  LISTING_POINTS_MIN,
  LISTING_POINTS_STANDARD,
  TEXT_SIZE_OPTIONS,
  TRADE_AUTO_COMPLETE_DAYS,
  TRADE_PENDING_EXPIRY_DAYS,
  WELCOME_GIFT_POINTS,
} from '../../../../domain/constants';
import { usePainted } from '../../../lib/after-paint';
import { lazyNamed } from '../../../lib/lazy-named';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

// The form at the page's foot brings Zod and the form library (about 40 KB compressed): it is
// fetched once the page is on the screen rather than holding up its first draw
// (docs/performance.md, 'Lighthouse 95').
const ContactClubForm = lazyNamed(() => import('./contact-page'), 'ContactClubForm');

// Each section's id, so a link can open the page at it (/help#text-size).
export const HELP_SECTIONS = {
  points: 'points',
  postage: 'postage',
  requesting: 'requesting',
  notArrived: 'not-arrived',
  textSize: 'text-size',
  contact: 'contact-the-club',
} as const;

const linkClass = 'font-semibold text-brand-700 underline';
const { standard, large, largest } = TEXT_SIZE_OPTIONS;

/**
 * /help (issue 22, decision 0022): how the club works, in plain words, with 'Contact the club'
 * at its foot. Public, like /contact. Every number comes from the rules the server keeps
 * (src/domain/constants.ts), and every sentence is what the app does: change both together.
 */
export function HelpPage() {
  useDocumentTitle('Help');
  const painted = usePainted();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">Help</h1>
        <p className="text-lg">
          How the club works, in a few minutes’ reading. If your question is not answered here, write to us with the
          form at the foot of this page.
        </p>
        <nav aria-label="On this page">
          <ul className="flex list-disc flex-col gap-1 pl-7">
            <li>
              <a href={`#${HELP_SECTIONS.points}`} className={linkClass}>
                How PuzzlePoints work
              </a>
            </li>
            <li>
              <a href={`#${HELP_SECTIONS.postage}`} className={linkClass}>
                Who pays the postage
              </a>
            </li>
            <li>
              <a href={`#${HELP_SECTIONS.requesting}`} className={linkClass}>
                How to ask for a puzzle
              </a>
            </li>
            <li>
              <a href={`#${HELP_SECTIONS.notArrived}`} className={linkClass}>
                If a puzzle does not arrive
              </a>
            </li>
            <li>
              <a href={`#${HELP_SECTIONS.textSize}`} className={linkClass}>
                Making the writing larger
              </a>
            </li>
            <li>
              <a href={`#${HELP_SECTIONS.contact}`} className={linkClass}>
                Contact the club
              </a>
            </li>
          </ul>
        </nav>
      </header>

      <Section id={HELP_SECTIONS.points} title="How PuzzlePoints work">
        <p>
          No money changes hands in the club. Puzzles are traded for PuzzlePoints, the club’s own points, which have no
          cash value.
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>Every new member receives {WELCOME_GIFT_POINTS} PuzzlePoints as a welcome gift.</li>
          <li>
            The member who lists a puzzle sets what it costs: from {LISTING_POINTS_MIN} to {LISTING_POINTS_MAX} points,
            and {LISTING_POINTS_STANDARD} is usual.
          </li>
          <li>
            Asking for a puzzle costs nothing at first. When the owner accepts, the points are taken from your balance
            and held for the trade.
          </li>
          <li>When you say the puzzle has arrived, the held points go to the owner.</li>
          <li>
            If a request is declined, cancelled or not answered, nothing is taken. If an accepted trade is cancelled, or
            the club refunds it, the held points come back to you.
          </li>
          <li>You earn points by passing on your own finished puzzles to other members.</li>
        </ul>
        <p>Your balance is on your home page, and every change to it is listed on your profile.</p>
      </Section>

      <Section id={HELP_SECTIONS.postage} title="Who pays the postage">
        <p>
          The member who sends the puzzle pays the postage. It is not paid in points, and the club takes nothing for it.
        </p>
        <p>
          A boxed jigsaw usually goes as a small parcel. In the UK that costs roughly £3 to £5 with Royal Mail or a
          courier such as Evri; a large or heavy box costs more. The post office will weigh it and tell you.
        </p>
        <p>
          When you have posted a puzzle, press ‘Mark as sent’ on the trade in My Trades. Adding the tracking number
          helps the other member follow it.
        </p>
      </Section>

      <Section id={HELP_SECTIONS.requesting} title="How to ask for a puzzle">
        <ol className="flex list-decimal flex-col gap-2 pl-7">
          <li>
            Fill in your profile first: your name, phone number and postal address. The owner needs your address to post
            the puzzle to you.
          </li>
          <li>
            Find a puzzle on{' '}
            <Link to={paths.browsePuzzles.getHref()} className={linkClass}>
              Browse Puzzles
            </Link>{' '}
            and press ‘Request’ (or ‘Request Puzzle’ on its page). You need enough PuzzlePoints for it. You can add a
            note for the owner.
          </li>
          <li>
            The owner has {TRADE_PENDING_EXPIRY_DAYS} days to accept or decline. If they do not answer, the request ends
            by itself. You can cancel your request while you wait.
          </li>
          <li>
            Once the owner accepts, the points are held, the owner sees your address and posts the puzzle. You can
            follow each step in My Trades, and you are told by e-mail too.
          </li>
          <li>When the puzzle arrives, press ‘I’ve received it’ on the trade. Then you can both leave feedback.</li>
        </ol>
      </Section>

      <Section id={HELP_SECTIONS.notArrived} title="If a puzzle does not arrive">
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>First send the owner a message: the post can be slow, and they may have the tracking number.</li>
          <li>
            If it still does not come, open the trade in My Trades and press ‘Report a problem’. The trade is paused and
            a club administrator looks into it. They can finish the trade, or give your points back.
          </li>
          <li>
            Please report it in time: a puzzle marked as sent that nobody has reported or confirmed within{' '}
            {TRADE_AUTO_COMPLETE_DAYS} days counts as received, and the points go to the owner.
          </li>
          <li>
            If the owner has accepted but not yet posted the puzzle, you can also cancel the request, and the points
            come back to you.
          </li>
        </ul>
      </Section>

      <Section id={HELP_SECTIONS.textSize} title="Making the writing larger">
        <p>
          Use ‘Text size’ at the top of every page (on a phone, press ‘Menu’ first) and choose {standard.label},{' '}
          {large.label} or {largest.label}. The whole site changes at once.
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>When you are signed in, your choice is kept with your membership, on every device you use.</li>
          <li>When you are not signed in, this browser remembers it.</li>
          <li>
            Your browser can make everything larger too: hold Ctrl (Cmd on a Mac) and press +, or spread two fingers on
            a phone or tablet.
          </li>
        </ul>
      </Section>

      <Section id={HELP_SECTIONS.contact} title="Contact the club">
        <p>Still stuck? Write to the club team here. A real person reads every message.</p>
        <Suspense fallback={null}>{painted && <ContactClubForm />}</Suspense>
      </Section>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-28 flex-col gap-3">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
