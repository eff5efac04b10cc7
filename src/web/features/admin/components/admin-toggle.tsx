import { useId, useState } from 'react';
import type { MemberAdmin } from '../../../../domain/members';
import { SELF_ADMIN_MESSAGE } from '../../../../domain/admin';
import { Button } from '../../../components/ui/button';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useSetAdminStatus } from '../api/set-admin-status';

/**
 * The per-user admin toggle (docs/product/administration.md#members-and-admin-status). On the administrator's own row it is the
 * disabled 'Self-Admin' button, with the reason written beside it (a disabled button cannot
 * take the focus, so a tooltip would be out of reach). A closed membership has no toggle. The
 * change is asked about first ('Are you sure?', the safe button first: decision 0028).
 */
export function AdminToggle({ member, isSelf }: { member: MemberAdmin; isSelf: boolean }) {
  const reasonId = useId();
  const setStatus = useSetAdminStatus();
  const [confirming, setConfirming] = useState(false);
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
  if (member.status === 'closed') return <span className="text-ink-muted">Membership closed</span>;
  const granting = !member.isAdmin;
  const toggle = () =>
    setStatus.mutate(
      { id: member.id, isAdmin: granting },
      {
        onSuccess: (updated) => {
          setConfirming(false);
          toast({
            title: 'Admin status updated',
            description: `${updated.name} ${updated.isAdmin ? 'is now an administrator' : 'is no longer an administrator'}.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          toast({
            title: 'Error',
            description: `Failed to update admin status: ${errorMessage(error, error.message)}`,
            variant: 'destructive',
          });
        },
      },
    );
  return (
    <>
      <Button variant={member.isAdmin ? 'secondary' : 'primary'} onClick={() => setConfirming(true)}>
        {member.isAdmin ? 'Remove Admin' : 'Make Admin'}
        <span className="sr-only"> for {member.name}</span>
      </Button>
      <StepDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you sure?"
        description={
          <p>
            {granting
              ? `${member.name} will become an administrator and can change members, points and settings.`
              : `${member.name} will no longer be an administrator.`}
          </p>
        }
        cancelLabel="No, go back"
        confirmLabel={granting ? 'Yes, make admin' : 'Yes, remove admin'}
        confirmVariant={granting ? 'primary' : 'destructive'}
        isPending={setStatus.isPending}
        onConfirm={toggle}
      />
    </>
  );
}
