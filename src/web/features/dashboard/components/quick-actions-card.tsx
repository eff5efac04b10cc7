import { Link } from 'react-router';
import { MessageSquare, PlusCircle, Search, Zap } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../paths';
import { DashboardCard } from './dashboard-card';

const ACTIONS = [
  { label: 'List a Puzzle', href: paths.listPuzzle.getHref(), icon: PlusCircle },
  { label: 'Browse Puzzles', href: paths.browsePuzzles.getHref(), icon: Search },
  { label: 'View Messages', href: paths.messages.getHref(), icon: MessageSquare },
];

/** Quick Actions: list a puzzle, browse, messages. */
export function QuickActionsCard() {
  return (
    <DashboardCard title="Quick Actions" icon={Zap}>
      <ul className="flex flex-col gap-3">
        {ACTIONS.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <Link to={href} className={buttonClasses({ variant: 'secondary', className: 'w-full justify-start' })}>
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
