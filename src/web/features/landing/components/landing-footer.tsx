import { Link } from 'react-router';
import { landingAnchors, paths } from '../../../paths';

// docs/product/screens.md#landing-page: the groups were placeholders, so most links lead to a section of this page;
// Contact Us and Privacy lead to their own pages (decision 0021).
type FooterLink = { label: string; id: string } | { label: string; to: string };
const groups: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Quick Links',
    links: [
      { label: 'How It Works', id: landingAnchors.howItWorks },
      { label: 'About the Club', id: landingAnchors.about },
      { label: 'Contact', id: landingAnchors.contact },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help with Trading', to: paths.help.getHref() },
      { label: 'Contact Us', to: paths.contact.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Membership Terms', id: landingAnchors.membershipTerms },
      { label: 'Privacy', to: paths.privacy.getHref() },
    ],
  },
];

const linkClasses = 'inline-flex min-h-11 items-center text-ink underline hover:text-brand-700';

export function LandingFooter() {
  return (
    <footer className="border-t border-line bg-gray-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        {groups.map((group) => {
          const id = `landing-footer-${group.title.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <nav key={group.title} aria-labelledby={id}>
              <h2 id={id} className="text-lg font-bold">
                {group.title}
              </h2>
              <ul className="mt-2">
                {group.links.map((link) => (
                  <li key={link.label}>
                    {'to' in link ? (
                      <Link to={link.to} className={linkClasses}>
                        {link.label}
                      </Link>
                    ) : (
                      <a href={`#${link.id}`} className={linkClasses}>
                        {link.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-6 text-ink-muted">
          © 2024 Jigsaw Club. Membership is for people aged 50 and over.
        </p>
      </div>
    </footer>
  );
}
