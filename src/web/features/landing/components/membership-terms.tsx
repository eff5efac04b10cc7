import { MIN_MEMBER_AGE } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { landingAnchors } from '../../../paths';

const terms = [
  {
    title: 'Who can join',
    text: `Membership is for people aged ${MIN_MEMBER_AGE} and over.`,
  },
  {
    title: 'Trade honestly',
    text: 'Describe every puzzle truthfully, including its condition and any missing pieces.',
  },
  {
    title: 'Post promptly',
    text: 'Once you accept a request for one of your puzzles, pack it well and post it promptly.',
  },
  {
    title: 'PuzzlePoints are not money',
    text: 'PuzzlePoints have no cash value. They cannot be bought, sold or exchanged for money.',
  },
  {
    title: 'Be kind',
    text: 'Be courteous and patient with fellow members in messages and in the forum.',
  },
  {
    title: 'Keeping the club friendly',
    text: 'The club may suspend members who break these terms.',
  },
];

/**
 * The club's membership terms in plain English: what a visitor agrees to when they tick
 * 'I accept the club's membership terms' in the Join dialog. The heading takes focus when the
 * dialog's link brings a visitor here, so it is read out at once; 'Join the club' under them
 * opens Join again.
 */
export function MembershipTerms({ onJoin }: { onJoin: () => void }) {
  return (
    <section id={landingAnchors.membershipTerms} aria-labelledby="membership-terms-title" className="bg-brand-50 py-16">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="membership-terms-title" tabIndex={-1} className="text-3xl font-bold">
          Membership Terms
        </h2>
        <p className="mt-4">By joining Jigsaw Club you agree to these terms.</p>
        <ol className="mt-6 flex list-decimal flex-col gap-4 pl-7">
          {terms.map((term) => (
            <li key={term.title}>
              <strong>{term.title}.</strong> {term.text}
            </li>
          ))}
        </ol>
        {/* Back to Join from here: it still holds what was typed before (issue 22). */}
        <p className="mt-8">
          <Button size="large" onClick={onJoin}>
            Join the club
          </Button>
        </p>
      </div>
    </section>
  );
}
