import { Suspense, type ComponentType } from 'react';
import { displayName, useMember } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Dashboard } from '../components/dashboard';

export interface MemberHomePageProps {
  /**
   * The welcome-gift dialog and the new member's redirect to their profile (docs/product/screens.md#member-home),
   * drawn by the welcome feature; the router passes it in, lazily.
   */
  WelcomeGift: ComponentType;
  /** The 'What to do next' card: every trade waiting on the member (trades feature). */
  TradeTasks?: ComponentType;
}

/** / for a signed-in member: the dashboard of docs/product/screens.md#member-home. */
export function MemberHomePage({ WelcomeGift, TradeTasks }: MemberHomePageProps) {
  const member = useMember();
  useDocumentTitle('Home');
  return (
    <>
      {/* A member who has just joined has given no name yet: no 'back', and no e-mail address as a name. */}
      <h1 className="text-3xl font-bold">
        {member.firstName?.trim() ? `Welcome back, ${displayName(member)}` : 'Welcome to Jigsaw Club'}
      </h1>
      {TradeTasks && (
        // While its code loads, the card's usual height is kept for it: the dashboard below
        // does not jump down when it arrives (a layout shift, Lighthouse's CLS).
        <Suspense
          fallback={<div aria-hidden="true" className="mt-6 min-h-56 rounded-lg border border-line bg-white" />}
        >
          <div className="mt-6">
            <TradeTasks />
          </div>
        </Suspense>
      )}
      <Dashboard />
      <Suspense fallback={null}>
        <WelcomeGift />
      </Suspense>
    </>
  );
}
