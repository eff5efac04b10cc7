import { useEffect, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONDITION_PREFERENCES, PREFERRED_DIFFICULTIES } from '../../../../domain/enums';
import {
  CONDITION_PREFERENCE_LABELS,
  PREFERRED_DIFFICULTY_LABELS,
  PROFILE_MAX_PIECES_DEFAULT,
  PROFILE_MIN_PIECES_DEFAULT,
  PROFILE_PIECES_INPUT_MIN,
  PROFILE_PIECES_MAX,
} from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { Field, FormSection } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { saveOtherUnsavedWords, useUnsavedWords } from '../../../lib/unsaved-words';
import { useUpdateProfile } from '../api/update-profile';
import { AddressSection } from './address-section';
import { ManufacturerChoices } from './manufacturer-choices';
import { profileFormSchema, toFormState, toPayload, type ProfileFormState } from './profile-form-schema';
import type { Manufacturer } from '../../../../domain/manufacturers';
import type { MemberSelf } from '../../../../domain/members';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

export interface ProfileFormProps {
  member: MemberSelf;
  manufacturers: Manufacturer[] | undefined;
  manufacturersFailed: boolean;
  /** Put the cursor in First name (when the member pressed Edit Profile). */
  focusFirstField: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

const FORM_FIELDS = new Set<string>(Object.keys(toFormState({} as MemberSelf)));
const isFormField = (path: string): path is FieldPath<ProfileFormState> => FORM_FIELDS.has(path);

const n = (value: number) => value.toLocaleString('en-GB');

/** The profile in edit mode: Personal Information, Address Information, Puzzle Preferences. */
export function ProfileForm({
  member,
  manufacturers,
  manufacturersFailed,
  focusFirstField,
  onSaved,
  onCancel,
}: ProfileFormProps) {
  const form = useForm<ProfileFormState, unknown, ProfileFormState>({
    defaultValues: toFormState(member),
    // raw: the submit handler gets the inputs as typed and applies the sending rule itself.
    resolver: zodResolver(profileFormSchema, undefined, { raw: true }),
  });
  const { register, handleSubmit, setError, setFocus, formState } = form;
  const { errors } = formState;
  const save = useUpdateProfile();

  useEffect(() => {
    if (focusFirstField) setFocus('firstName');
  }, [focusFirstField, setFocus]);

  const failure = useFormProblem();
  // Leaving with changes not saved asks first (lib/unsaved-words.tsx); Save Profile saves the
  // page's other unsaved parts too (the member page's welcome message sits under this form).
  useUnsavedWords(
    'profile',
    formState.isDirty ? { label: 'Your profile (name, phone, address, puzzle preferences)' } : null,
  );
  const submit = handleSubmit((values) => {
    failure.clear();
    save.mutate(toPayload(values), {
      onSuccess: async () => {
        const others = await saveOtherUnsavedWords('profile');
        toast({
          title: 'Profile updated',
          description:
            others.count === 0
              ? 'Your profile has been successfully updated.'
              : others.allSaved
                ? 'Your profile and your member page have been saved.'
                : 'Your profile is saved, but your member page could not be: please press Save member page.',
        });
        onSaved();
      },
      onError: (error) => {
        // The server's field errors go under their fields as well as at the form's top.
        if (error instanceof ApiError) {
          for (const fieldError of error.errors) {
            if (isFormField(fieldError.path))
              setError(fieldError.path, { type: 'server', message: fieldError.message });
          }
        }
        failure.report({ title: 'Update failed', description: errorMessage(error, 'Failed to update profile') });
      },
    });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The button stays focusable while saving (aria-disabled), so ignore a second press.
    if (save.isPending) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8" aria-label="Edit profile">
        <FormAlert problem={failure.problem} />
        <p className="text-ink-muted">
          First and last name are required. To request puzzles you also need a phone number and a postal address.
        </p>

        <FormSection title="Personal Information">
          <Field label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field label="Phone number" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </Field>
        </FormSection>

        <AddressSection />

        <FormSection title="Puzzle Preferences">
          <Field label="Preferred difficulty" error={errors.preferredDifficulty?.message}>
            <Select {...register('preferredDifficulty')}>
              {PREFERRED_DIFFICULTIES.map((value) => (
                <option key={value} value={value}>
                  {PREFERRED_DIFFICULTY_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Condition preference" error={errors.conditionPreference?.message}>
            <Select {...register('conditionPreference')}>
              {CONDITION_PREFERENCES.map((value) => (
                <option key={value} value={value}>
                  {CONDITION_PREFERENCE_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Minimum piece count"
            error={errors.minPieceCount?.message}
            hint={`Leave empty for ${n(PROFILE_MIN_PIECES_DEFAULT)}.`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PROFILE_PIECES_INPUT_MIN}
              max={PROFILE_PIECES_MAX}
              step={1}
              {...register('minPieceCount')}
            />
          </Field>
          <Field
            label="Maximum piece count"
            error={errors.maxPieceCount?.message}
            hint={`Up to ${n(PROFILE_PIECES_MAX)}. Leave empty for ${n(PROFILE_MAX_PIECES_DEFAULT)}.`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PROFILE_PIECES_INPUT_MIN}
              max={PROFILE_PIECES_MAX}
              step={1}
              {...register('maxPieceCount')}
            />
          </Field>
          <ManufacturerChoices manufacturers={manufacturers} isError={manufacturersFailed} />
        </FormSection>

        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton size="large" busy={save.isPending} label="Save Profile" busyLabel="Saving..." />
          <Button variant="secondary" size="large" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
