import { queryOptions, useQuery } from '@tanstack/react-query';
import { parcelSchema, postageSentence, type Parcel } from '../../../domain/postage';
import { api } from '../../lib/api-client';

// What posting a boxed puzzle costs (docs/product/near-me.md#postage), shown by the
// listing form before publishing and by the packing slip. Shared by both features, so it
// lives here.

function getPostageEstimate(parcel: Parcel) {
  return api.call('GET /api/postage/estimate', { query: parcel });
}

/** The estimate for a whole parcel; nothing is asked until all four numbers are valid. */
export function usePostageEstimate(parcel: Partial<Parcel> | null | undefined) {
  const valid = parcelSchema.safeParse(parcel);
  const whole = valid.success ? valid.data : null;
  return useQuery(
    queryOptions({
      queryKey: ['postage', 'estimate', whole] as const,
      queryFn: () => getPostageEstimate(whole!),
      enabled: whole !== null,
      staleTime: 5 * 60_000,
    }),
  );
}

/** 'Posting this will cost you about £3.39 (second class, small parcel)', read out as it changes. */
export function PostageEstimateLine({
  parcel,
  className,
}: {
  parcel: Partial<Parcel> | null | undefined;
  className?: string;
}) {
  const estimate = usePostageEstimate(parcel).data;
  const cheapest = estimate?.options[0];
  return (
    <p aria-live="polite" className={className}>
      {estimate &&
        (cheapest
          ? `${postageSentence(cheapest)}. Prices as of ${estimate.asOf}.`
          : (estimate.message ?? 'No service in the price list takes this parcel.'))}
    </p>
  );
}
