import { Brand } from '../../../components/layout/brand';
import { Suspense } from 'react';
import { Menu } from 'lucide-react';
import { HelpAndTextSize } from '../../../components/layout/help-and-text-size';
import { lazyNamed } from '../../../lib/lazy-named';
import { Button } from '../../../components/ui/button';
import { landingAnchors } from '../../../paths';

const anchors = [
  { label: 'How It Works', id: landingAnchors.howItWorks },
  { label: 'About', id: landingAnchors.about },
  { label: 'Contact', id: landingAnchors.contact },
];

// The menu (a dialog) is fetched just after the first paint, outside the landing page's budget;
// until then the same button stands in its place, so nothing moves.
const MobileMenu = lazyNamed(() => import('../../../components/layout/mobile-menu'), 'MobileMenu');
const menuStandIn = (
  <Button variant="ghost" className="px-3 max-sm:px-2" disabled>
    <Menu aria-hidden="true" className="size-6" />
    Menu
  </Button>
);

export interface LandingHeaderProps {
  onSignIn: () => void;
  onJoin: () => void;
}

/** The visitor's header: in-page anchors and the Sign In / Join Now buttons. */
export function LandingHeader({ onSignIn, onJoin }: LandingHeaderProps) {
  return (
    <header className="border-b border-line bg-white">
      {/* Tighter between rows on narrow screens, where the header takes three rows of a phone. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 max-md:gap-y-1 max-md:py-1">
        <Brand />
        {/* Below 1280 px Help and Text size are in the menu, beside the club's name. */}
        <div className="max-md:ml-auto xl:hidden">
          <Suspense fallback={menuStandIn}>
            <MobileMenu />
          </Suspense>
        </div>
        {/* On narrow screens the anchors drop to their own row below the buttons. */}
        <nav aria-label="Page sections" className="order-last w-full md:order-none md:w-auto">
          <ul className="flex flex-wrap gap-x-1">
            {anchors.map((anchor) => (
              <li key={anchor.id}>
                <a
                  href={`#${anchor.id}`}
                  className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-ink underline-offset-4 hover:bg-brand-50 hover:underline"
                >
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Help and Text size (issue 22): on the header from 1280 px, where they fit on its one
            row beside the section links; in the menu below that. */}
        <div className="flex items-center gap-2 max-md:w-full max-md:justify-end md:ml-auto">
          <HelpAndTextSize className="max-xl:hidden" />
          <Button variant="secondary" onClick={onSignIn}>
            Sign In
          </Button>
          <Button onClick={onJoin}>Join Now</Button>
        </div>
      </div>
    </header>
  );
}
