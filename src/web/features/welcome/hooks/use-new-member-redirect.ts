import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NEW_USER_REDIRECT_MS } from '../../../../domain/constants';
import { newMemberFlag } from '../../../lib/current-user';
import { paths } from '../../../paths';

/**
 * docs/product/screens.md#member-home: '?welcome=true', or the session flag /verify-email raises for a
 * new member, clears itself and after 0.5 s sends the member to /profile?edit=true.
 *
 * `hold` keeps the member here meanwhile: the welcome gift is read first, and the half
 * second starts when it is closed.
 */
export function useNewMemberRedirect({ hold }: { hold: boolean }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const welcomeQuery = searchParams.get('welcome') === 'true';
  const [isNewMember] = useState(() => welcomeQuery || newMemberFlag.isRaised());

  // Take ?welcome=true out of the address (a reload or a bookmark should not repeat it); the
  // session flag carries it until the redirect has happened.
  useEffect(() => {
    if (!welcomeQuery) return;
    newMemberFlag.raise();
    setSearchParams(
      (params) => {
        params.delete('welcome');
        return params;
      },
      { replace: true },
    );
  }, [welcomeQuery, setSearchParams]);

  useEffect(() => {
    if (!isNewMember || hold) return;
    const timer = setTimeout(() => {
      newMemberFlag.lower();
      void navigate(paths.profile.getHref({ edit: true }));
    }, NEW_USER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isNewMember, hold, navigate]);
}
