import { useId, type ComponentType, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface DashboardCardProps {
  title: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  children: ReactNode;
  className?: string;
}

/** One card of the member home: a titled region (its h2 names it for screen readers). */
export function DashboardCard({ title, icon: Icon, children, className }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-lg border border-line bg-white p-6 shadow-sm', className)}
    >
      <h2 id={headingId} className="flex items-center gap-3 text-2xl font-bold">
        <Icon aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a card says when its figures could not be fetched. */
export function CardProblem({ what }: { what: string }) {
  return <p>{what} could not be loaded just now. Please try again later.</p>;
}
