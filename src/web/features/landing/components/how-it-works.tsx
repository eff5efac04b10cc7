import { Gift, Repeat, UserPlus } from 'lucide-react';
import { landingAnchors } from '../../../paths';

const steps = [
  {
    title: 'Join the Club',
    text: 'Sign up with your e-mail address and receive 5 PuzzlePoints as a welcome gift.',
    icon: UserPlus,
  },
  {
    title: 'Trade Puzzles',
    text: "List completed puzzles and browse others' collections.",
    icon: Repeat,
  },
  {
    title: 'Enjoy New Puzzles',
    text: 'Request the puzzles you like with your PuzzlePoints, and a fellow member posts them to you.',
    icon: Gift,
  },
];

/** The three-step explainer (docs/product/screens.md#landing-page). */
export function HowItWorks() {
  return (
    <section id={landingAnchors.howItWorks} aria-labelledby="how-it-works-title" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-line p-6 text-center">
              <step.icon aria-hidden="true" className="mx-auto size-10 text-brand-700" />
              <h3 className="mt-4 text-xl font-bold">
                <span className="mr-2 inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-white">
                  {index + 1}
                </span>
                {step.title}
              </h3>
              <p className="mt-3 text-ink-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
