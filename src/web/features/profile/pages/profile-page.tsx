import { useEffect, useRef, useState, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveManufacturers } from '../api/get-active-manufacturers';
import { ProfileForm } from '../components/profile-form';
import { AccountInformation, ProfileSummary } from '../components/profile-summary';
import { CloseMembership } from '../components/close-membership';
import { AwaySection } from '../components/away-section';
import { EmailSettings } from '../components/email-settings';
import { useMember } from '../../../lib/current-user';
import { LeaveWarning } from '../../../lib/unsaved-words';

/**
 * /profile (docs/product/screens.md#profile). The saved view is headed 'Your Profile' (issue 14: a
 * member reading what they saved is not editing it); the form is headed 'Edit Profile'. The view shows what is saved, with an Edit Profile
 * button; ?edit=true or ?welcome=true opens the form. Both open it for every member: the
 * member home sends a new member here with ?edit=true only after the welcome gift is closed
 * (so by then it counts as seen), and Edit Profile uses the same address.
 */
export interface ProfilePageProps {
  /** The member's PuzzlePoints history (docs/product/points.md#the-ledger: "a 'PuzzlePoints history' section on the
   * profile"), drawn by the trades feature; the router passes it in. */
  PointsHistory?: ComponentType;
  /** 'How other members see you' (avatar, welcome, about me, privacy, text size), drawn by the
   * members feature; the router passes it in. */
  MemberPageSettings?: ComponentType;
}

export function ProfilePage({ PointsHistory, MemberPageSettings }: ProfilePageProps) {
  const member = useMember();
  const manufacturers = useActiveManufacturers();
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get('edit') === 'true' || searchParams.get('welcome') === 'true';
  const heading = editing ? 'Edit Profile' : 'Your Profile';
  useDocumentTitle(heading);

  // Where the keyboard goes after a switch: into the form, or back to Edit Profile.
  const [focusForm, setFocusForm] = useState(false);
  const [focusEditButton, setFocusEditButton] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!editing && focusEditButton) {
      editButton.current?.focus();
      setFocusEditButton(false);
    }
  }, [editing, focusEditButton]);

  const startEditing = () => {
    setFocusForm(true);
    setSearchParams({ edit: 'true' });
  };

  const stopEditing = () => {
    setFocusForm(false);
    setFocusEditButton(true);
    setSearchParams(
      (params) => {
        params.delete('edit');
        params.delete('welcome');
        return params;
      },
      { replace: true },
    );
  };

  if (manufacturers.isPending) return <PageSpinner />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">{heading}</h1>
          <ProfileStatus complete={member.profileCompleted} />
        </div>
        {!editing && (
          <p>
            <button type="button" ref={editButton} onClick={startEditing} className={buttonClasses()}>
              Edit Profile
            </button>
          </p>
        )}
      </div>

      {editing ? (
        <ProfileForm
          member={member}
          manufacturers={manufacturers.data}
          manufacturersFailed={manufacturers.isError}
          focusFirstField={focusForm}
          onSaved={stopEditing}
          onCancel={stopEditing}
        />
      ) : (
        <ProfileSummary member={member} manufacturers={manufacturers.data} />
      )}

      {MemberPageSettings && (
        <Suspense fallback={null}>
          <MemberPageSettings />
        </Suspense>
      )}
      <AwaySection />
      <EmailSettings />
      <AccountInformation member={member} />
      {PointsHistory && (
        <Suspense fallback={null}>
          <PointsHistory />
        </Suspense>
      )}
      <CloseMembership />
      {/* Asks before leaving with unsaved words in the form or the member page (issue 22). */}
      <LeaveWarning />
    </div>
  );
}

/** Complete or Incomplete, said in words (and an icon), not by colour alone. */
function ProfileStatus({ complete }: { complete: boolean }) {
  return (
    <p className="flex items-center gap-2">
      <span className="font-semibold">Profile status:</span>
      <Badge variant={complete ? 'default' : 'highlight'} className="gap-1.5">
        {complete ? (
          <CircleCheck aria-hidden="true" className="size-5" />
        ) : (
          <CircleAlert aria-hidden="true" className="size-5" />
        )}
        {complete ? 'Complete' : 'Incomplete'}
      </Badge>
    </p>
  );
}
