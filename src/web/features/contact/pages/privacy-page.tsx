import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

/**
 * /privacy, in plain words (issue 14 point 4, decision 0021): what the club keeps, who sees
 * it, for how long, and how to leave and have it erased. Public: a visitor reads it before
 * joining. Every statement here is what the code does; change both together.
 */
export function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">Privacy</h1>
        <p className="text-lg">
          Jigsaw Club keeps only what it needs to let members pass puzzles on to each other. We never sell your details,
          never show advertising, and only e-mail you about your membership, your trades and your messages.
        </p>
      </header>

      <Section title="What we keep">
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>Your name and e-mail address, and your password, stored scrambled so that nobody can read it.</li>
          <li>Your phone number and postal address, once you add them to your profile.</li>
          <li>Your puzzle preferences, the puzzles you list and their pictures, and your favourites.</li>
          <li>Your trades, your PuzzlePoints history, your messages, your forum posts and the feedback you give.</li>
          <li>
            For security: when you signed in and from which network address. These records are deleted after a day.
          </li>
          <li>One cookie, which keeps you signed in. There are no tracking or advertising cookies.</li>
          <li>
            The text size you choose, in your browser only (and on your account when you are signed in), so the next
            page opens at that size.
          </li>
        </ul>
      </Section>

      <Section title="Who sees it">
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>
            Other members see your first name and the first letter of your surname (for example ‘Margaret H.’), your
            puzzles, your feedback and, if you choose, your town and your member page.
          </li>
          <li>
            Your full name and postal address are shown to one member only: the member you trade with, once a request
            has been accepted, so that the puzzle can be posted. Nobody else sees them.
          </li>
          <li>Your phone number and e-mail address are never shown to other members.</li>
          <li>
            The club’s volunteer administrators can see your e-mail address and PuzzlePoints balance, to look after the
            club and answer your questions.
          </li>
        </ul>
      </Section>

      <Section title="How far away you are">
        <p>
          To let members find puzzles near them, we send your postcode (and nothing else about you) to a postcode
          service, postcodes.io, which tells us the map point of your postcode. We keep that point with your profile.
          Nobody sees it, not even you: other members only ever see how many whole miles away your puzzles are. When you
          change or remove your postcode, the old point goes with it, and it is erased if you leave the club.
        </p>
      </Section>

      <Section title="How long we keep it">
        <p>
          We keep your details for as long as you are a member. Sign-in records are deleted after a day, and links we
          e-mail you stop working once used or out of date.
        </p>
      </Section>

      <Section title="Leaving the club and having your details deleted">
        <p>
          You can leave at any time: open your{' '}
          <Link to={paths.profile.getHref()} className="text-brand-700 underline">
            profile
          </Link>{' '}
          and choose ‘Close my membership’. Any trade already accepted must be finished first; the page tells you which.
          When you close your membership:
        </p>
        <ul className="flex list-disc flex-col gap-2 pl-7">
          <li>Requests waiting for an answer are cancelled, and your puzzles are taken off the club.</li>
          <li>
            Your name, postal address, phone number and e-mail address are erased straight away, and you cannot sign in
            again.
          </li>
          <li>
            Your forum posts, feedback and messages stay, shown as written by ‘a former member’, so that other members’
            conversations still make sense.
          </li>
          <li>
            The record of your past trades and PuzzlePoints stays, without your name, so that every member’s points
            still add up.
          </li>
        </ul>
        <p>
          If you cannot sign in, or have a question about your details,{' '}
          <Link to={paths.contact.getHref()} className="text-brand-700 underline">
            contact the club
          </Link>
          .
        </p>
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}
