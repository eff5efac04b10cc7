import type { ReactNode } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';
import { Textarea } from './textarea';

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

/** What the fields hold as typed: every value is text. */
type StepValues = Record<string, string>;

export interface StepDialogProps<Out extends FieldValues = StepValues> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  fields?: StepField[];
  /**
   * The fields' rules: the domain's body schema (or one derived from it), so the messages under
   * the fields are the server's own. Required whenever there are fields.
   */
  schema?: z.ZodType<Out>;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  isPending: boolean;
  /** Called with the schema's output (trimmed, blanks as null) once the fields are valid. */
  onConfirm: (values: Out) => void;
}

/**
 * A confirmation with a form: a question, optional fields (a trade's carrier, tracking,
 * details…) and two clearly worded buttons. Errors sit under their field and are read with it;
 * the first field in error takes the focus.
 */
export function StepDialog<Out extends FieldValues = StepValues>(props: StepDialogProps<Out>) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>{props.open && <StepForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function StepForm<Out extends FieldValues>({
  onOpenChange,
  title,
  description,
  fields = [],
  schema,
  confirmLabel,
  cancelLabel = 'Go back',
  confirmVariant = 'primary',
  isPending,
  onConfirm,
}: StepDialogProps<Out>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StepValues, unknown, Out>({
    resolver: schema ? zodResolver(schema as z.ZodType<Out, StepValues>) : undefined,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, ''])),
  });

  const onSubmit = handleSubmit((values) => {
    if (!isPending) onConfirm(values);
  });

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
            const control = { maxLength: field.maxLength, required: field.required, ...register(field.name) };
            return (
              <Field
                key={field.name}
                label={`${field.label}${field.required ? ' (required)' : ' (optional)'}`}
                hint={field.hint}
                error={errors[field.name]?.message}
              >
                {field.options ? (
                  <Select {...control}>
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                ) : field.multiline ? (
                  <Textarea rows={4} {...control} />
                ) : (
                  <Input {...control} />
                )}
              </Field>
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
