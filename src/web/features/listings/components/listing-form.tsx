import { DemandLine } from '../../../components/wanted/demand-line';
import { useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import {
  CONDITION_LABELS,
  DIFFICULTY_LABELS,
  LISTING_DESCRIPTION_MAX,
  LISTING_POINTS_MAX,
  LISTING_POINTS_MIN,
  LISTING_POINTS_STANDARD,
} from '../../../../domain/constants';
import { suggestedPoints } from '../../../../domain/listing-points';
import { DIMENSION_UNITS, HANDOVERS, LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../../../domain/enums';
import {
  LISTING_FORM_DEFAULTS,
  listingInputSchema,
  type ListingCreateStatus,
  type ListingFormValues,
  type ListingInput,
  type Listing,
} from '../../../../domain/listings';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field, FormSection } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import type { Manufacturer } from '../../../../domain/manufacturers';
import { NoPhotoQuestion } from './no-photo-question';
import { PointsGuidance } from './points-guidance';
import { HANDOVER_LABELS } from '../../../../domain/near';
import { PostageEstimateLine } from '../../../components/postage/postage-estimate';

const numberOrUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function listingToFormValues(listing: Listing): ListingFormValues {
  return {
    title: listing.title,
    subtitle: listing.subtitle ?? '',
    pieces: listing.pieces,
    dimensionValue: listing.dimensionValue,
    dimensionUnit: listing.dimensionUnit,
    manufacturerId: listing.manufacturerId,
    artist: listing.artist ?? '',
    difficulty: listing.difficulty,
    condition: listing.condition,
    yearOfManufacture: listing.yearOfManufacture,
    barcodeNumber: listing.barcodeNumber ?? '',
    description: listing.description ?? '',
    puzzlePoints: listing.puzzlePoints,
    missingPieces: listing.missingPieces,
    puzzleImageUrl: listing.puzzleImageUrl,
    boxImageUrl: listing.boxImageUrl,
    handover: listing.handover,
    parcel: listing.parcel,
  };
}

interface ListingFormProps {
  initial: ListingFormValues;
  editing: boolean;
  manufacturers: Manufacturer[];
  saving: boolean;
  /**
   * Whether Publish without a photo asks once whether to add one (docs/decisions/0024): a new
   * listing or a draft. A live listing was asked when it was first published.
   */
  askForPhoto: boolean;
  onSubmit: (input: ListingInput) => void;
  onCancel: () => void;
}

/** Every field of a listing (docs/product/listings.md#a-listing), validated by the domain schema. */
export function ListingForm({
  initial,
  editing,
  manufacturers,
  saving,
  askForPhoto,
  onSubmit,
  onCancel,
}: ListingFormProps) {
  const form = useForm<ListingFormValues, unknown, ListingInput>({
    resolver: zodResolver(listingInputSchema),
    defaultValues: { ...LISTING_FORM_DEFAULTS, ...initial },
  });
  const { register, formState, watch, setValue, handleSubmit } = form;
  const errors = formState.errors;
  const [uploads, setUploads] = useState({ puzzle: false, box: false });
  const uploading = uploads.puzzle || uploads.box;

  const points = watch('puzzlePoints');
  const pieces = watch('pieces');
  const description = watch('description') ?? '';
  const pointsValue = typeof points === 'number' && !Number.isNaN(points) ? points : null;
  const piecesValue = typeof pieces === 'number' && Number.isInteger(pieces) && pieces > 0 ? pieces : null;
  // The scale's value for this size (the standard 5 for the usual 500 to 1,000 pieces).
  const suggestion = piecesValue === null ? LISTING_POINTS_STANDARD : suggestedPoints(piecesValue);
  const puzzlePhoto = useRef<HTMLDivElement>(null);
  // 'Publish' without a photo asks once; after an answer it publishes as asked.
  const [photoQuestion, setPhotoQuestion] = useState<'not yet' | 'open' | 'answered'>(
    askForPhoto ? 'not yet' : 'answered',
  );
  // The 'Is 1 intentional?' note waits until the member has been in the field (issue 14): the
  // form's own default of 1 is not something they chose.
  const pointsState = form.getFieldState('puzzlePoints', formState);
  const pointsChosen = pointsState.isDirty || pointsState.isTouched;

  const submit = (status: ListingCreateStatus) =>
    handleSubmit(
      (input) => {
        if (status === 'active' && photoQuestion === 'not yet' && !input.puzzleImageUrl && !input.boxImageUrl) {
          setPhotoQuestion('open');
          return;
        }
        onSubmit({ ...input, status });
      },
      () => {
        // Take the keyboard to the first field that needs fixing.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      },
    );

  const text = (name: 'title' | 'subtitle' | 'artist' | 'barcodeNumber'): UseFormRegisterReturn => register(name);

  return (
    // Enter in a text field must not publish a half-written listing to the whole club: the
    // form never submits itself, and each of Publish and Save Draft is an explicit button.
    <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-8">
      <FormSection title="About the puzzle">
        <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
          <Input type="text" autoComplete="off" {...text('title')} />
        </Field>
        <div className="sm:col-span-2">
          <DemandLine
            title={watch('title') ?? ''}
            manufacturerId={watch('manufacturerId') ?? null}
            pieces={piecesValue}
          />
        </div>
        <Field label="Subtitle (optional)" error={errors.subtitle?.message} className="sm:col-span-2">
          <Input type="text" autoComplete="off" {...text('subtitle')} />
        </Field>
        <Field label="Pieces" error={errors.pieces?.message}>
          <Input type="number" inputMode="numeric" min={1} {...register('pieces', { setValueAs: numberOrUndefined })} />
        </Field>
        <Field label="Missing pieces" error={errors.missingPieces?.message} note="0 means the puzzle is complete.">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            {...register('missingPieces', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <Field label="Size (optional)" error={errors.dimensionValue?.message}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              {...register('dimensionValue', { setValueAs: numberOrNull })}
            />
          </Field>
          <Field label="Unit" error={errors.dimensionUnit?.message}>
            <Select {...register('dimensionUnit')}>
              {DIMENSION_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="Manufacturer (optional)" error={errors.manufacturerId?.message}>
          <Select {...register('manufacturerId', { setValueAs: numberOrNull })}>
            <option value="">Not listed</option>
            {manufacturers.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Artist (optional)" error={errors.artist?.message}>
          <Input type="text" {...text('artist')} />
        </Field>
        <Field label="Year of manufacture (optional)" error={errors.yearOfManufacture?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1900}
            {...register('yearOfManufacture', { setValueAs: numberOrNull })}
          />
        </Field>
        <Field label="Difficulty" error={errors.difficulty?.message}>
          <Select {...register('difficulty')}>
            {LISTING_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Condition" error={errors.condition?.message}>
          <Select {...register('condition')}>
            {LISTING_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Barcode (optional)" error={errors.barcodeNumber?.message}>
          <Input type="text" inputMode="numeric" {...text('barcodeNumber')} />
        </Field>
        <Field
          label="PuzzlePoints"
          error={errors.puzzlePoints?.message}
          note={
            <>
              <p>
                From {LISTING_POINTS_MIN} to {LISTING_POINTS_MAX}.
              </p>
              <PointsGuidance
                pieces={piecesValue}
                suggestion={suggestion}
                onUse={(value) => setValue('puzzlePoints', value, { shouldDirty: true, shouldValidate: true })}
              />
              {pointsChosen && pointsValue !== null && pointsValue !== suggestion && (
                <p className="mt-1 flex items-start gap-2 rounded-md bg-highlight-100 p-2 font-semibold text-highlight-900">
                  <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
                  <span>
                    Note: {suggestion} PuzzlePoints is the suggested value
                    {piecesValue === null ? '' : ` for ${piecesValue.toLocaleString('en-GB')} pieces`}. Is {pointsValue}{' '}
                    intentional?
                  </span>
                </p>
              )}
            </>
          }
        >
          <Input
            type="number"
            inputMode="numeric"
            min={LISTING_POINTS_MIN}
            max={LISTING_POINTS_MAX}
            placeholder={`${LISTING_POINTS_STANDARD} is standard`}
            {...register('puzzlePoints', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field
          label="Description (optional)"
          error={errors.description?.message}
          className="sm:col-span-2"
          note={<CharacterCount length={description.length} max={LISTING_DESCRIPTION_MAX} />}
        >
          <Textarea rows={5} maxLength={LISTING_DESCRIPTION_MAX} {...register('description')} />
        </Field>
      </FormSection>

      <FormSection title="Handing it over">
        <Field
          label="Hand-over"
          error={errors.handover?.message}
          note="In person: at the club night, or wherever you and the other member agree."
        >
          <Select {...register('handover')}>
            {HANDOVERS.map((h) => (
              <option key={h} value={h}>
                {HANDOVER_LABELS[h]}
              </option>
            ))}
          </Select>
        </Field>
        <p className="sm:col-span-2">
          The boxed puzzle as you would post it (optional): we show what posting it will cost.
        </p>
        <Field label="Weight in grams (optional)" error={errors.parcel?.weightGrams?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...register('parcel.weightGrams', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field label="Length in cm (optional)" error={errors.parcel?.lengthCm?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...register('parcel.lengthCm', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field label="Width in cm (optional)" error={errors.parcel?.widthCm?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...register('parcel.widthCm', { setValueAs: numberOrUndefined })}
          />
        </Field>
        <Field label="Depth in cm (optional)" error={errors.parcel?.depthCm?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            {...register('parcel.depthCm', { setValueAs: numberOrUndefined })}
          />
        </Field>
        {errors.parcel?.message && (
          <p role="alert" className="font-semibold text-danger-700 sm:col-span-2">
            {errors.parcel.message}
          </p>
        )}
        <PostageEstimateLine parcel={watch('parcel')} className="text-lg font-semibold sm:col-span-2" />
      </FormSection>

      <FormSection title="Photos">
        <div ref={puzzlePhoto}>
          <ImageUploadField
            label="Puzzle photo"
            value={watch('puzzleImageUrl')}
            onChange={(url) => setValue('puzzleImageUrl', url, { shouldDirty: true })}
            onBusyChange={(busy) => setUploads((u) => ({ ...u, puzzle: busy }))}
          />
        </div>
        <ImageUploadField
          label="Box photo"
          value={watch('boxImageUrl')}
          onChange={(url) => setValue('boxImageUrl', url, { shouldDirty: true })}
          onBusyChange={(busy) => setUploads((u) => ({ ...u, box: busy }))}
        />
      </FormSection>

      <div className="flex flex-wrap gap-3">
        <Button size="large" disabled={saving || uploading} onClick={(e) => void submit('active')(e)}>
          {editing ? 'Update & Publish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          size="large"
          disabled={saving || uploading}
          onClick={(e) => void submit('draft')(e)}
        >
          Save Draft
        </Button>
        <Button variant="ghost" size="large" onClick={onCancel}>
          Cancel
        </Button>
        {uploading && (
          <p role="status" className="self-center">
            Waiting for the photos to finish uploading…
          </p>
        )}
      </div>
      <NoPhotoQuestion
        open={photoQuestion === 'open'}
        onAddPhoto={() => setPhotoQuestion('answered')}
        showPhotoField={() => {
          puzzlePhoto.current?.scrollIntoView({ block: 'center' });
          puzzlePhoto.current?.querySelector('button')?.focus({ preventScroll: true });
        }}
        onPublishWithout={() => {
          setPhotoQuestion('answered');
          void submit('active')();
        }}
        onClose={() => setPhotoQuestion('not yet')}
      />
    </form>
  );
}
