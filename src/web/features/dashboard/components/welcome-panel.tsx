import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { PuzzleIcon, Search, UserRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useMember } from '../../../lib/current-user';
import { paths } from '../../../paths';

// 'Continue to Dashboard' hides the panel for the rest of the visit (this browser tab's
// session), not for ever: a member coming back another day sees their way in again.
const HIDDEN_KEY = 'jigsaw-club:welcome-panel-hidden';

function isHidden(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberHidden(): void {
  try {
    sessionStorage.setItem(HIDDEN_KEY, 'true');
  } catch {
    // Storage switched off: the panel just comes back on the next visit to the page.
  }
}

interface Step {
  title: string;
  text: string;
  href: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

const STEPS: Step[] = [
  {
    title: 'Complete Your Profile',
    text: 'Add your name, phone number and postal address so you can request puzzles.',
    href: paths.profile.getHref(),
    icon: UserRound,
  },
  {
    title: 'Browse Puzzles',
    text: 'See the finished puzzles other members are offering.',
    href: paths.browsePuzzles.getHref(),
    icon: Search,
  },
  {
    title: 'Start Trading',
    text: 'List a puzzle you have finished and earn PuzzlePoints.',
    href: paths.listPuzzle.getHref(),
    icon: PuzzleIcon,
  },
];

/** The member home's welcome panel (docs/product/screens.md#member-home): three ways in and 'Continue to Dashboard'. */
export function WelcomePanel({ onContinue }: { onContinue: () => void }) {
  const [hidden, setHidden] = useState(isHidden);
  const member = useMember();
  if (hidden) return null;
  // 'Complete Your Profile' only for a member whose profile is not complete (issue 14).
  const steps = member.profileCompleted ? STEPS.filter((s) => s.href !== paths.profile.getHref()) : STEPS;

  const hide = () => {
    rememberHidden();
    setHidden(true);
    onContinue();
  };

  return (
    <section aria-labelledby="welcome-panel-heading" className="rounded-lg bg-brand-50 p-6">
      <h2 id="welcome-panel-heading" className="text-2xl font-bold">
        Getting started
      </h2>
      <ul className={`mt-4 grid gap-4 ${steps.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
        {steps.map(({ title, text, href, icon: Icon }) => (
          <li key={title}>
            <Link
              to={href}
              className="flex h-full flex-col gap-2 rounded-lg border-2 border-line-strong bg-white p-5 hover:border-brand-700"
            >
              <Icon aria-hidden="true" className="size-8 text-brand-700" />
              <h3 className="text-xl font-bold text-brand-700 underline">{title}</h3>
              <span>{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        <Button onClick={hide}>Continue to Dashboard</Button>
      </div>
    </section>
  );
}
