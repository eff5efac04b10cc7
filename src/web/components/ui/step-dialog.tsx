import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export interface StepField {
  name: string;
  label: string;
  /** Multi-line box (notes, details) rather than one line. */
  multiline?: boolean;
  maxLength: number;
  required?: boolean;
  hint?: string;
  /** A choice from a list (the first option is the empty 'Choose…' one). */
  options?: { value: string; label: string }[];
}

export interface StepDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  fields?: StepField[];
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  isPending: boolean;
  /** Checks the values; answers field name -> message for the fields in error. */
  validate?: (values: Record<string, string>) => Record<string, string>;
  onConfirm: (values: Record<string, string>) => void;
}

const fieldClasses = 'w-full rounded-md border-2 border-line-strong bg-white px-3 py-2 text-base text-ink';

/**
 * A confirmation with a form: a question, optional fields (a trade's carrier, tracking,
 * details…) and two clearly worded buttons. Errors sit under their field and are read with it.
 */
export function StepDialog(props: StepDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>{props.open && <StepForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function StepForm({
  onOpenChange,
  title,
  description,
  fields = [],
  confirmLabel,
  cancelLabel = 'Go back',
  confirmVariant = 'primary',
  isPending,
  validate,
  onConfirm,
}: StepDialogProps) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const found = validate?.(values) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = fields.find((f) => found[f.name]);
      if (first) document.getElementById(`${id}-${first.name}`)?.focus();
      return;
    }
    onConfirm(values);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{description}</div>
        </DialogDescription>
      </DialogHeader>
      {fields.length > 0 && (
        <div className="flex flex-col gap-4">
          {fields.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = errors[field.name];
            const describedBy = [field.hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
              .filter(Boolean)
              .join(' ');
            const common = {
              id: inputId,
              name: field.name,
              value: values[field.name] ?? '',
              maxLength: field.maxLength,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': describedBy || undefined,
              required: field.required || undefined,
              onChange: (event: { target: { value: string } }) =>
                setValues((current) => ({ ...current, [field.name]: event.target.value })),
            };
            return (
              <div key={field.name} className="flex flex-col gap-1">
                <label htmlFor={inputId} className="font-semibold">
                  {field.label}
                  {field.required ? ' (required)' : ' (optional)'}
                </label>
                {field.hint && (
                  <p id={`${inputId}-hint`} className="text-sm text-ink-muted">
                    {field.hint}
                  </p>
                )}
                {field.options ? (
                  <select className={`min-h-12 ${fieldClasses}`} {...common}>
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : field.multiline ? (
                  <textarea className={`min-h-28 ${fieldClasses}`} rows={4} {...common} />
                ) : (
                  <input className={`min-h-12 ${fieldClasses}`} {...common} />
                )}
                {error && (
                  <p id={`${inputId}-error`} className="font-semibold text-danger-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={confirmVariant} disabled={isPending}>
          {isPending ? 'Please wait…' : confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A zod safeParse result turned into field name -> first message. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
