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
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import type { Manufacturer, ProfileMember } from '../types';
import { AddressSection } from './address-section';
import { FormSection, SelectField, TextField } from './form-fields';
import { ManufacturerChoices } from './manufacturer-choices';
import { profileFormSchema, toFormState, toPayload, type ProfileFormState } from './profile-form-schema';

export interface ProfileFormProps {
  member: ProfileMember;
  manufacturers: Manufacturer[] | undefined;
  manufacturersFailed: boolean;
  /** Put the cursor in First name (when the member pressed Edit Profile). */
  focusFirstField: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

const FORM_FIELDS = new Set<string>(Object.keys(toFormState({} as ProfileMember)));
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

  const submit = handleSubmit((values) => {
    save.mutate(toPayload(values), {
      onSuccess: () => {
        toast({ title: 'Profile updated', description: 'Your profile has been successfully updated.' });
        onSaved();
      },
      onError: (error) => {
        // The server's field errors go under their fields as well as into the toast.
        if (error instanceof ApiError) {
          for (const fieldError of error.errors) {
            if (isFormField(fieldError.path))
              setError(fieldError.path, { type: 'server', message: fieldError.message });
          }
        }
        toast({
          title: 'Update failed',
          description: errorMessage(error, 'Failed to update profile'),
          variant: 'destructive',
        });
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
        <p className="text-ink-muted">
          First and last name are required. To request puzzles you also need a phone number and a postal address.
        </p>

        <FormSection title="Personal Information">
          <TextField
            label="First name"
            registration={register('firstName')}
            error={errors.firstName?.message}
            autoComplete="given-name"
          />
          <TextField
            label="Last name"
            registration={register('lastName')}
            error={errors.lastName?.message}
            autoComplete="family-name"
          />
          <TextField
            label="Phone number"
            type="tel"
            registration={register('phone')}
            error={errors.phone?.message}
            autoComplete="tel"
          />
        </FormSection>

        <AddressSection />

        <FormSection title="Puzzle Preferences">
          <SelectField
            label="Preferred difficulty"
            registration={register('preferredDifficulty')}
            error={errors.preferredDifficulty?.message}
          >
            {PREFERRED_DIFFICULTIES.map((value) => (
              <option key={value} value={value}>
                {PREFERRED_DIFFICULTY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Condition preference"
            registration={register('conditionPreference')}
            error={errors.conditionPreference?.message}
          >
            {CONDITION_PREFERENCES.map((value) => (
              <option key={value} value={value}>
                {CONDITION_PREFERENCE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Minimum piece count"
            type="number"
            inputMode="numeric"
            min={PROFILE_PIECES_INPUT_MIN}
            max={PROFILE_PIECES_MAX}
            step={1}
            registration={register('minPieceCount')}
            error={errors.minPieceCount?.message}
            hint={`Leave empty for ${n(PROFILE_MIN_PIECES_DEFAULT)}.`}
          />
          <TextField
            label="Maximum piece count"
            type="number"
            inputMode="numeric"
            min={PROFILE_PIECES_INPUT_MIN}
            max={PROFILE_PIECES_MAX}
            step={1}
            registration={register('maxPieceCount')}
            error={errors.maxPieceCount?.message}
            hint={`Up to ${n(PROFILE_PIECES_MAX)}. Leave empty for ${n(PROFILE_MAX_PIECES_DEFAULT)}.`}
          />
          <ManufacturerChoices manufacturers={manufacturers} isError={manufacturersFailed} />
        </FormSection>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            type="submit"
            size="large"
            aria-disabled={save.isPending || undefined}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
          <Button variant="secondary" size="large" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
