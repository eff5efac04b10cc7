import { useEffect, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { ABOUT_ME_MAX, WELCOME_MESSAGE_MAX } from '../../../../domain/constants';
import {
  memberProfilePatchSchema,
  type MemberProfilePatch,
  type MemberProfilePatchInput,
  type MemberProfileSettings,
} from '../../../../domain/members';
import { CharacterCount } from '../../../components/ui/character-count';
import { CheckboxField } from '../../../components/ui/checkbox';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMember } from '../../../lib/current-user';
import { paths } from '../../../paths';
import { useUnsavedWords } from '../../../lib/unsaved-words';
import { useMyMemberProfile } from '../api/get-my-member-profile';
import { useUpdateMyMemberProfile } from '../api/update-my-member-profile';
import { TextSizeChoice } from './text-size-choice';

const SECTION_ID = 'member-page-settings';

/**
 * The profile page's 'How other members see you' (docs/product/members.md#how-other-members-see-you): the member page's avatar,
 * welcome message and about me, whether it is in the directory and shows the town; and the
 * member's own text size.
 */
export function MemberPageSettings() {
  const member = useMember();
  const settings = useMyMemberProfile();
  const { hash } = useLocation();
  // Opened from the member page's 'Change how other members see you' (/profile#member-page-settings).
  useEffect(() => {
    if (hash === `#${SECTION_ID}`) document.getElementById(SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <section
      id={SECTION_ID}
      aria-labelledby={`${SECTION_ID}-heading`}
      className="flex flex-col gap-6 rounded-lg border border-line bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id={`${SECTION_ID}-heading`} className="text-2xl font-bold">
          How other members see you
        </h2>
        <p>
          Your member page shows your first name and the initial of your last name, never your address, phone or email.{' '}
          <Link to={paths.member.getHref(member.id)} className="font-semibold text-brand-700 underline">
            See your member page
          </Link>
        </p>
      </div>
      {settings.isPending ? (
        <Spinner label="Loading your member page settings…" />
      ) : settings.isError ? (
        <ErrorState message="Your member page settings could not be loaded." onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <MemberPageForm settings={settings.data} />
          <TextSizeChoice />
        </>
      )}
    </section>
  );
}

type FormKeys = 'avatarUrl' | 'welcomeMessage' | 'aboutMe' | 'isProfilePublic' | 'showLocation';
const formSchema = memberProfilePatchSchema.pick({
  avatarUrl: true,
  welcomeMessage: true,
  aboutMe: true,
  isProfilePublic: true,
  showLocation: true,
});
type FormValues = Pick<MemberProfilePatchInput, FormKeys>;
const FORM_KEYS: FormKeys[] = ['avatarUrl', 'welcomeMessage', 'aboutMe', 'isProfilePublic', 'showLocation'];

function MemberPageForm({ settings }: { settings: MemberProfileSettings }) {
  const save = useUpdateMyMemberProfile();
  const [uploading, setUploading] = useState(false);
  const { register, control, handleSubmit, setError, reset, getValues, formState } = useForm<
    FormValues,
    unknown,
    MemberProfilePatch
  >({
    resolver: zodResolver(formSchema),
    defaultValues: {
      avatarUrl: settings.avatarUrl,
      welcomeMessage: settings.welcomeMessage ?? '',
      aboutMe: settings.aboutMe ?? '',
      isProfilePublic: settings.isProfilePublic,
      showLocation: settings.showLocation,
    },
  });
  const { errors, isDirty } = formState;
  const [welcome, about] = useWatch({ control, name: ['welcomeMessage', 'aboutMe'] });

  /**
   * Saves the form; true when saved (false: the reason is under the field). `quiet` when the
   * profile's Save Profile saves it too and tells the member itself.
   */
  const saveNow = (quiet = false) =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        (values) =>
          save.mutate(values, {
            onSuccess: () => {
              // What is saved is now the form's starting point: nothing is left unsaved.
              reset(getValues());
              if (!quiet) toast({ title: 'Member page saved', description: 'Other members now see your changes.' });
              resolve(true);
            },
            onError: (error) => {
              if (error instanceof ApiError) {
                for (const fieldError of error.errors) {
                  const path = FORM_KEYS.find((key) => key === fieldError.path);
                  if (path) setError(path, { type: 'server', message: fieldError.message });
                }
              }
              if (!quiet)
                toast({
                  title: 'Update failed',
                  description: errorMessage(error, 'Failed to save your member page'),
                  variant: 'destructive',
                });
              resolve(false);
            },
          }),
        () => resolve(false),
      )();
    });

  // Unsaved changes here are saved by the profile's Save Profile too, and leaving the page
  // with them asks first (lib/unsaved-words.tsx).
  useUnsavedWords(
    'member-page',
    isDirty
      ? { label: 'How other members see you (your photo, welcome message, about me)', save: () => saveNow(true) }
      : null,
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The button stays focusable while saving or uploading (aria-disabled): ignore a press then.
    event.preventDefault();
    if (save.isPending || uploading) return;
    void saveNow();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your member page" className="flex flex-col gap-5">
      <Controller
        control={control}
        name="avatarUrl"
        render={({ field }) => (
          <div className="flex flex-col gap-1">
            <ImageUploadField
              label="Photo"
              shape="square"
              value={field.value}
              onChange={field.onChange}
              onBusyChange={setUploading}
            />
            <p className="text-ink-muted">We cut it square from the middle. Without one, your initials are shown.</p>
          </div>
        )}
      />
      <Field
        label="Welcome message"
        hint="One line on your card in the directory."
        note={<CharacterCount length={welcome?.length ?? 0} max={WELCOME_MESSAGE_MAX} />}
        error={errors.welcomeMessage?.message}
      >
        <Textarea rows={2} {...register('welcomeMessage')} />
      </Field>
      <Field
        label="About me"
        hint="The puzzles you love, how you like to trade: whatever you would tell a fellow member."
        note={<CharacterCount length={about?.length ?? 0} max={ABOUT_ME_MAX} />}
        error={errors.aboutMe?.message}
      >
        <Textarea rows={5} {...register('aboutMe')} />
      </Field>
      <CheckboxField
        role="switch"
        label="Show my profile in the member directory"
        error={errors.isProfilePublic?.message}
        {...register('isProfilePublic')}
      />
      <p className="-mt-3 ml-9 text-ink-muted">
        When this is off, only you and the club's administrators can open your member page.
      </p>
      <CheckboxField
        role="switch"
        label="Show my town"
        error={errors.showLocation?.message}
        {...register('showLocation')}
      />
      <p className="-mt-3 ml-9 text-ink-muted">
        Your town appears on your card and your puzzles. Your street and postcode are never shown.
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SubmitButton busy={save.isPending || uploading} label="Save member page" busyLabel="Saving..." />
        {isDirty && !save.isPending && (
          <p role="status" className="font-semibold">
            Not saved yet: press Save member page to keep your changes.
          </p>
        )}
      </div>
    </form>
  );
}
