/** Grey stand-ins for the cards while the first page loads (6 on browse, docs/product/screens.md#browse). */
export function ListingGridSkeleton({ count }: { count: number }) {
  return (
    <ul
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      aria-hidden="true"
      data-testid="listing-skeletons"
    >
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-lg border border-line bg-white">
          <div className="aspect-[4/3] bg-line" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-6 w-3/4 rounded bg-line" />
            <div className="h-5 w-1/2 rounded bg-line" />
            <div className="h-5 w-full rounded bg-line" />
            <div className="h-11 w-1/3 rounded bg-line" />
          </div>
        </li>
      ))}
    </ul>
  );
}
