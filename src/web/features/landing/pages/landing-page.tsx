import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { SkipLink } from '../../../components/layout/skip-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { requestedAuthDialog, type AuthDialogName, type AuthDialogsProps } from '../../../lib/auth-dialogs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { landingAnchors, paths } from '../../../paths';
import { HowItWorks } from '../components/how-it-works';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { MembershipTerms } from '../components/membership-terms';

export const LANDING_TITLE = 'The Premier Jigsaw Free-Trading Club';

export interface LandingPageProps {
  /** The account dialogs, drawn by the auth feature (the router passes them in, lazily). */
  AuthDialogs: ComponentType<AuthDialogsProps>;
}

/** / for visitors: what the club is, and the way in. No member navigation. */
export function LandingPage({ AuthDialogs }: LandingPageProps) {
  const location = useLocation();
  // A spent e-mailed link sends the visitor here asking for the dialog that makes a new one.
  const requested = requestedAuthDialog(location.state);
  const [openDialog, setOpenDialog] = useState<AuthDialogName | null>(requested);
  // The dialogs' code is only needed once a visitor asks for one; after that they stay
  // mounted so closing one can hand focus back to the button that opened it.
  const [dialogsWanted, setDialogsWanted] = useState(requested !== null);
  const openAuthDialog = (name: AuthDialogName) => {
    setDialogsWanted(true);
    setOpenDialog(name);
  };
  useDocumentTitle(LANDING_TITLE);

  // A link from elsewhere to a section (/#membership-terms) arrives before the page is drawn,
  // too early for the browser to scroll to it.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader onSignIn={() => openAuthDialog('sign-in')} onJoin={() => openAuthDialog('join')} />
      <main id="main-content" tabIndex={-1} className="flex-1">
        <section aria-labelledby="landing-title" className="bg-brand-50 py-16 md:py-24">
          <div className="mx-auto max-w-4xl px-4 text-center">
            <h1 id="landing-title" className="text-4xl font-bold text-balance text-brand-900 md:text-5xl">
              {LANDING_TITLE}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-xl">
              Swap the jigsaw puzzles you have finished for ones you have not, with fellow puzzle lovers aged 50 and
              over. No money changes hands: members trade with PuzzlePoints.
            </p>
            <p className="mt-8">
              <Button size="large" onClick={() => openAuthDialog('join')}>
                Become a Member
              </Button>
            </p>
          </div>
        </section>

        <HowItWorks />

        <section id={landingAnchors.about} aria-labelledby="about-title" className="bg-brand-50 py-16">
          <div className="mx-auto max-w-3xl px-4">
            <h2 id="about-title" className="text-3xl font-bold">
              About
            </h2>
            <p className="mt-4">
              Jigsaw Club is a members-only community for people aged 50 and over who love jigsaw puzzles. Instead of
              letting finished puzzles gather dust, members pass them on to someone who will enjoy them next.
            </p>
            <p className="mt-4">
              Each puzzle is traded for PuzzlePoints, the club's own currency, so every puzzle you give away earns you
              the next one. New members receive 5 PuzzlePoints as a welcome gift.
            </p>
          </div>
        </section>

        <section id={landingAnchors.contact} aria-labelledby="contact-title" className="py-16">
          <div className="mx-auto max-w-3xl px-4">
            <h2 id="contact-title" className="text-3xl font-bold">
              Contact
            </h2>
            <p className="mt-4">
              Questions about joining or trading? Our volunteer membership team reads every message and will reply
              within two working days.
            </p>
            <p className="mt-6">
              <Link to={paths.contact.getHref()} className={buttonClasses({ size: 'large' })}>
                Contact the club
              </Link>
            </p>
          </div>
        </section>

        <MembershipTerms onJoin={() => openAuthDialog('join')} />
      </main>
      <LandingFooter />
      {dialogsWanted && (
        <Suspense fallback={null}>
          <AuthDialogs open={openDialog} onOpenChange={setOpenDialog} />
        </Suspense>
      )}
    </div>
  );
}
