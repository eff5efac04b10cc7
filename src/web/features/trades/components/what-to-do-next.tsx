import { Link } from 'react-router';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../paths';
import { useTrades } from '../api/get-trades';
import { tradesWaitingOn } from '../trade-tasks';

export interface WhatToDoNextCardProps {
  /** The heading's level where the card is placed (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/** The dashboard's 'What to do next' card: each trade waiting on the member, linked to it. */
export function WhatToDoNextCard({ headingLevel = 2, className }: WhatToDoNextCardProps) {
  const owned = useTrades('owner');
  const requested = useTrades('requester');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tasks = owned.data && requested.data ? tradesWaitingOn(owned.data, requested.data) : [];

  return (
    <section
      aria-labelledby="what-to-do-next-heading"
      className={`flex flex-col gap-3 rounded-lg border border-line bg-white p-6 ${className ?? ''}`}
    >
      <Heading id="what-to-do-next-heading" className="text-2xl font-bold text-ink">
        What to do next
      </Heading>
      {owned.isPending || requested.isPending ? (
        <Spinner label="Loading your trades" />
      ) : owned.isError || requested.isError ? (
        <ErrorState message="Failed to load your trades." />
      ) : tasks.length === 0 ? (
        <p className="flex items-center gap-2">
          <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
          Nothing to do right now
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {tasks.map((task) => (
            <li key={`${task.trade.id}-${task.text}`}>
              <Link
                to={paths.trades.getHref({ trade: task.trade.id })}
                className="flex min-h-11 items-center gap-2 rounded-md p-2 font-semibold text-brand-700 underline hover:bg-brand-50"
              >
                <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
                {task.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {/* Always there, so 'Nothing to do right now' is never a dead end. */}
      <Link
        to={paths.trades.getHref()}
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-700 underline hover:text-brand-900"
      >
        See all my trades
      </Link>
    </section>
  );
}
