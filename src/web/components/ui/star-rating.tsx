import { Star } from 'lucide-react';

/** '4 out of 5 stars' in words, the stars drawn beside it for the eye. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={`size-5 ${n <= rating ? 'fill-highlight-900 text-highlight-900' : 'text-line-strong'}`}
          />
        ))}
      </span>
      <span className="font-semibold">{rating} out of 5 stars</span>
    </span>
  );
}
