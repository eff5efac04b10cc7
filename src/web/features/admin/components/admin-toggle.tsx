import { useId } from 'react';
import type { MemberAdmin } from '../../../../domain/members';
import { SELF_ADMIN_MESSAGE } from '../../../../domain/admin';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSetAdminStatus } from '../api/set-admin-status';

/**
 * The per-user admin toggle (docs/product/administration.md#members-and-admin-status). On the administrator's own row it is the
 * disabled 'Self-Admin' button, with the reason written beside it (a disabled button cannot
 * take the focus, so a tooltip would be out of reach).
 */
export function AdminToggle({ member, isSelf }: { member: MemberAdmin; isSelf: boolean }) {
  const reasonId = useId();
  const setStatus = useSetAdminStatus();
  if (isSelf) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Button variant="secondary" disabled aria-describedby={reasonId}>
          Self-Admin
        </Button>
        <span id={reasonId} className="text-ink-muted">
          {SELF_ADMIN_MESSAGE}
        </span>
      </div>
    );
  }
  const toggle = () =>
    setStatus.mutate(
      { id: member.id, isAdmin: !member.isAdmin },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Admin status updated',
            description: `${updated.name} ${updated.isAdmin ? 'is now an administrator' : 'is no longer an administrator'}.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to update admin status: ${errorMessage(error, error.message)}`,
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button variant={member.isAdmin ? 'secondary' : 'primary'} onClick={toggle} disabled={setStatus.isPending}>
      {member.isAdmin ? 'Remove Admin' : 'Make Admin'}
      <span className="sr-only"> for {member.name}</span>
    </Button>
  );
}
