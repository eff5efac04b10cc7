import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  knownSetting,
  parseSettingValue,
  settingPatchSchema,
  type SettingPatchBody,
  type SystemSetting,
} from '../../../../domain/settings';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateSetting } from '../api/update-setting';

// A setting changed in place (PATCH /admin/settings/{id}): its value and description, with
// the old value in force until the new one is saved, never a moment without it. The value is
// typed as JSON text and checked as the server checks it (a setting the club reads keeps its
// type), so the messages under the fields are the server's own.

type EditValues = { value: string; description: string };

function editSchema(setting: SystemSetting) {
  const known = knownSetting(setting.category, setting.key);
  return z.object({ value: z.string(), description: z.string() }).transform((form, ctx): SettingPatchBody => {
    const parsed = parseSettingValue(form.value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error });
      return z.NEVER as never;
    }
    const checked = settingPatchSchema.safeParse({ value: parsed.value, description: form.description });
    const typed = checked.success ? known?.schema.safeParse(parsed.value) : undefined;
    const issues = [
      ...(checked.success ? [] : checked.error.issues),
      ...(typed?.success === false ? typed.error.issues.map((i) => ({ ...i, path: ['value'] })) : []),
    ];
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return issues.length === 0 && checked.success ? checked.data : (z.NEVER as never);
  });
}

export function SettingEditForm({ setting: s, onDone }: { setting: SystemSetting; onDone: () => void }) {
  const update = useUpdateSetting();
  const name = `${s.category}.${s.key}`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues, unknown, SettingPatchBody>({
    resolver: zodResolver(editSchema(s)),
    defaultValues: { value: JSON.stringify(s.value), description: s.description ?? '' },
  });
  const onSubmit = handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: s.id, body },
      {
        onSuccess: () => {
          onDone();
          toast({ title: 'Setting saved', description: name });
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const e of error.errors) {
              if (e.path === 'value' || e.path === 'description') setError(e.path, { message: e.message });
            }
          }
          toast({
            title: 'Failed to save setting.',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`Edit ${name}`} className="flex flex-col gap-3">
      <Field label={`Value of ${name} (JSON)`} error={errors.value?.message}>
        <Textarea rows={3} spellCheck={false} className="font-mono" autoFocus {...register('value')} />
      </Field>
      <Field label="Description (optional)" error={errors.description?.message}>
        <Input maxLength={500} {...register('description')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending} label="Save" busyLabel="Saving..." />
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
