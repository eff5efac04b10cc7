import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useTestAllFunctions } from '../api/test-all-functions';

/** The 'Test All Functions' button (docs/product/administration.md#the-panel), and what answered. */
export function TestAllFunctions() {
  const test = useTestAllFunctions();
  const run = () =>
    test.mutate(undefined, {
      onSuccess: (checks) => {
        const failed = checks.filter((c) => !c.ok).length;
        toast(
          failed === 0
            ? { title: 'All functions answered', description: `${checks.length} checks passed.` }
            : {
                title: 'Some functions did not answer',
                description: `${failed} of ${checks.length} failed.`,
                variant: 'destructive',
              },
        );
      },
    });
  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="secondary" onClick={run} disabled={test.isPending}>
        {test.isPending ? 'Testing...' : 'Test All Functions'}
      </Button>
      {test.data && (
        <section aria-label="Test results" className="w-full rounded-lg border-2 border-line bg-white p-4">
          <h2 className="text-xl font-bold">Test results</h2>
          <ul className="mt-2 flex flex-col gap-1">
            {test.data.map((c) => (
              <li key={c.name} className="flex items-start gap-2">
                {c.ok ? (
                  <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
                ) : (
                  <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger-700" />
                )}
                <span>
                  <span className="font-semibold">{c.name}:</span> {c.ok ? 'answered' : 'failed'} ({c.detail})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
