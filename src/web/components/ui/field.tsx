import { createContext, useContext, useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Label } from './label';

// One shell for every labelled control: a visible label, an optional hint under it, the
// control, an optional note under the control (a character count), and the error. The hint,
// the note and the error are read with the control (aria-describedby), and the error is
// marked by an icon and words as well as by colour. Input, Textarea and Select inside a
// Field pick up its id and aria attributes by themselves.

interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

const FieldContext = createContext<FieldControl | null>(null);

/** The id and aria attributes of the Field around a control (nothing outside a Field). */
export function useFieldControl(): Partial<FieldControl> {
  return useContext(FieldContext) ?? {};
}

export interface FieldProps {
  label: ReactNode;
  /** The message under the control; the control is marked invalid while there is one. */
  error?: string;
  /** Help between the label and the control. */
  hint?: ReactNode;
  /** Help under the control, such as a character count. */
  note?: ReactNode;
  className?: string;
  /** One Input, Textarea or Select. */
  children: ReactNode;
}

export function Field({ label, error, hint, note, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, note ? noteId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControl = {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <div id={hintId} className="text-ink-muted">
          {hint}
        </div>
      )}
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {note && (
        <div id={noteId} className="text-ink-muted">
          {note}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error: an icon and the words, in the danger colour. Nothing when there is no message. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-2 font-semibold text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** A titled group of fields: a fieldset whose legend is also a heading in the page's outline. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-line bg-white p-4 sm:p-6">
      <legend className="px-2">
        <h2 className="text-2xl font-bold">{title}</h2>
      </legend>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
