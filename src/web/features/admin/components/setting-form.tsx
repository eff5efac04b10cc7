import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { parseSettingValue, settingSchema, type SettingBody } from '../../../../domain/settings';
import { SETTING_CATEGORIES } from '../../../../domain/enums';
import { Field, FormSection } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateSetting } from '../api/create-setting';

// docs/product/administration.md#settings: a new setting needs a category (one of the four), a key and a value
// that parses as JSON. The value is typed as text and parsed here; the result is checked by
// the domain's settingSchema, so a setting the app reads is held to its type before it is
// sent, with the server's own words ('Value must be a whole number of days from 1 to 90').

type SettingFormValues = { category: string; key: string; value: string; description: string };

const settingFormSchema = z
  .object({ category: z.string(), key: z.string(), value: z.string(), description: z.string() })
  .transform((form, ctx): SettingBody => {
    const parsed = parseSettingValue(form.value);
    const checked = settingSchema.safeParse({ ...form, value: parsed.ok ? parsed.value : null });
    const issues = checked.success ? [] : checked.error.issues;
    // A value that is not JSON says so, rather than what its placeholder broke.
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error });
    for (const issue of issues) {
      if (parsed.ok || issue.path[0] !== 'value')
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return checked.success ? checked.data : (z.NEVER as never);
  });

const CATEGORY_LABELS: Record<(typeof SETTING_CATEGORIES)[number], string> = {
  trading: 'Trading',
  platform: 'Platform',
  notifications: 'Notifications',
  security: 'Security',
};

export function SettingForm() {
  const create = useCreateSetting();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SettingFormValues, unknown, SettingBody>({
    resolver: zodResolver(settingFormSchema),
    defaultValues: { category: 'trading', key: '', value: '', description: '' },
  });
  const onSubmit = handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (made) => {
        reset();
        toast({ title: 'Setting created', description: `${made.category}.${made.key}` });
      },
      onError: (error) => {
        // The server's field errors (a key already taken is a 409 without one) go under their fields.
        if (error instanceof ApiError) {
          for (const e of error.errors) {
            if (e.path in body) setError(e.path as keyof SettingFormValues, { message: e.message });
          }
        }
        toast({
          title: 'Failed to create setting.',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormSection title="Create a setting">
        <Field label="Category" error={errors.category?.message}>
          <Select {...register('category')}>
            {SETTING_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Key" error={errors.key?.message}>
          <Input maxLength={100} autoComplete="off" spellCheck={false} {...register('key')} />
        </Field>
        <Field
          label="Value (JSON)"
          hint={'For example 7, true, "Thursday" or {"day": "Thursday"}'}
          error={errors.value?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={3} spellCheck={false} className="font-mono" {...register('value')} />
        </Field>
        <Field label="Description (optional)" error={errors.description?.message} className="sm:col-span-2">
          <Input maxLength={500} {...register('description')} />
        </Field>
        <div className="sm:col-span-2">
          <SubmitButton busy={create.isPending} label="Create Setting" busyLabel="Creating..." />
        </div>
      </FormSection>
    </form>
  );
}
