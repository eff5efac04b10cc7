import { suspensionPeriod } from '../../../../domain/admin';
import { MEMBER_STATUS_LABELS, type MemberAdmin } from '../../../../domain/members';
import { Badge } from '../../../components/ui/badge';

// The words for a member's state in the admin panel (docs/product/administration.md#members-and-admin-status: admin status, welcome gift Pending
// or Seen, profile Complete or Incomplete), each a badge whose text says what it means.

export function YesNo({ yes, labels }: { yes: boolean; labels: [string, string] }) {
  return <Badge variant={yes ? 'default' : 'outline'}>{yes ? labels[0] : labels[1]}</Badge>;
}

export const welcomeGiftLabel = (seen: boolean) => (seen ? 'Seen' : 'Pending');
export const profileLabel = (complete: boolean) => (complete ? 'Complete' : 'Incomplete');

/** 'Active', 'Not yet joined', 'Closed', or 'Suspended until 3 Dec 2026'. */
export function MembershipStatus({ member }: { member: Pick<MemberAdmin, 'suspension' | 'status'> }) {
  if (member.status !== 'suspended' || !member.suspension)
    return (
      <Badge variant="outline" className="whitespace-normal">
        {MEMBER_STATUS_LABELS[member.status]}
      </Badge>
    );
  return (
    <Badge variant="danger" className="whitespace-normal">
      Suspended {suspensionPeriod(member.suspension.until)}
    </Badge>
  );
}
