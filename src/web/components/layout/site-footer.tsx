import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { paths } from '../../paths';

// The version label the footer shows (matches package.json).
export const APP_VERSION_LABEL = 'v1.0.7';

const exploreLinks = [
  { label: 'Browse Puzzles', href: paths.browsePuzzles.getHref() },
  { label: 'List a Puzzle', href: paths.listPuzzle.getHref() },
  { label: 'Member Directory', href: paths.memberDirectory.getHref() },
  { label: 'My Favorites', href: paths.favorites.getHref() },
];

const accountLinks = [
  { label: 'My Profile', href: paths.profile.getHref() },
  { label: 'My Listings', href: paths.myListings.getHref() },
  { label: 'Messages', href: paths.messages.getHref() },
  { label: 'Help', href: paths.help.getHref() },
  { label: 'Contact the club', href: paths.contact.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
];

function FooterLinks({ id, title, links }: { id: string; title: string; links: { label: string; href: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="inline-flex min-h-11 items-center text-ink underline hover:text-brand-700">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page frame's footer (docs/product/design.md#the-page-frame). */
export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-line bg-gray-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <h2 className="text-lg font-bold">Jigsaw Club</h2>
          <p className="mt-2 text-ink-muted">
            A community-driven club where members swap the puzzles they have finished for ones they have not, using
            PuzzlePoints instead of money.
          </p>
        </div>
        <FooterLinks id="footer-explore" title="Explore" links={exploreLinks} />
        <FooterLinks id="footer-account" title="Your Account" links={accountLinks} />
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-ink-muted md:flex-row md:items-center md:justify-between">
          <p>© 2024 Jigsaw Club. Membership is for people aged 50 and over.</p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
              Secure Platform
            </span>
            <span>{APP_VERSION_LABEL}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
