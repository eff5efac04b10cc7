import { landingAnchors } from '../../../paths';

// Spec section 1: the groups are placeholders, so each link leads to a section of this page.
const groups = [
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
      { label: 'Help with Trading', id: landingAnchors.howItWorks },
      { label: 'Contact Us', id: landingAnchors.contact },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Membership Terms', id: landingAnchors.membershipTerms },
      { label: 'Privacy', id: landingAnchors.about },
    ],
  },
];

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
                    <a
                      href={`#${link.id}`}
                      className="inline-flex min-h-11 items-center text-ink underline hover:text-brand-700"
                    >
                      {link.label}
                    </a>
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
