import { Sparkle } from 'lucide-react';
import './sparkle-burst.css';

// Where each sparkle sits around the gift (percent of the box) and when it first twinkles.
const sparkles = [
  { top: 6, left: 10, size: 28, delay: 0, colour: 'text-amber-500' },
  { top: 8, left: 80, size: 34, delay: 250, colour: 'text-brand-700' },
  { top: 30, left: 3, size: 22, delay: 500, colour: 'text-brand-700' },
  { top: 32, left: 88, size: 24, delay: 120, colour: 'text-amber-500' },
  { top: 80, left: 5, size: 26, delay: 380, colour: 'text-amber-500' },
  { top: 82, left: 86, size: 22, delay: 620, colour: 'text-brand-700' },
  { top: 2, left: 46, size: 18, delay: 760, colour: 'text-amber-500' },
  { top: 36, left: 24, size: 18, delay: 880, colour: 'text-brand-700' },
];

/** Twinkling stars over the gift. Decorative: hidden from screen readers. */
export function SparkleBurst() {
  return (
    <div aria-hidden="true" data-sparkle="" className="pointer-events-none absolute inset-0">
      {sparkles.map((s) => (
        <Sparkle
          key={`${s.top}-${s.left}`}
          className={`welcome-sparkle fill-current ${s.colour}`}
          style={{
            top: `${s.top}%`,
            left: `${s.left}%`,
            width: s.size,
            height: s.size,
            animationDelay: `${s.delay}ms`,
          }}
        />
      ))}
    </div>
  );
}
