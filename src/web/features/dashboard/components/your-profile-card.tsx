import { Link } from 'react-router';
import { UserRound } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import type { CurrentUser } from '../../../lib/current-user';
import { formatMemberSince } from '../../../lib/format';
import { paths } from '../../../paths';
import { DashboardCard } from './dashboard-card';

/**
 * Your Profile: full name, 'town, postcode', member since, and Edit Profile (or Complete
 * Profile while the profile is incomplete), which opens the profile form.
 */
export function YourProfileCard({ member }: { member: CurrentUser }) {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  const location = [member.town_or_city, member.postcode].filter(Boolean).join(', ');
  const since = member.joinedAt ?? member.createdAt;
  return (
    <DashboardCard title="Your Profile" icon={UserRound}>
      <div className="flex flex-col gap-1">
        <p className="text-xl font-semibold">{name || 'Name not added yet'}</p>
        <p>{location || 'Location not added yet'}</p>
        {since && <p className="text-ink-muted">Member since {formatMemberSince(since)}</p>}
      </div>
      <p className="mt-auto">
        <Link to={paths.profile.getHref({ edit: true })} className={buttonClasses()}>
          {member.profileCompleted ? 'Edit Profile' : 'Complete Profile'}
        </Link>
      </p>
    </DashboardCard>
  );
}
