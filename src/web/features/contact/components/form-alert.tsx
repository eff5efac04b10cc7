import { CircleAlert } from 'lucide-react';

/** A refusal about the whole form, at its top until the member acts again (not a toast). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-md border-2 border-danger-700 bg-danger-50 p-4 text-danger-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <p className="font-semibold">{message}</p>
    </div>
  );
}
