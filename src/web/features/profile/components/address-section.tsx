import { useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Search } from 'lucide-react';
import { normalizePostcode, type AddressSuggestion } from '../../../../domain/profile';
import { Button } from '../../../components/ui/button';
import { Field, FormSection } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { RadioOption } from '../../../components/ui/radio-option';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { usePostcodeLookup } from '../api/lookup-postcode';
import { CountryOptions } from './country-options';
import { ADDRESS_FIELDS, isUnitedKingdom, type ProfileFormState } from './profile-form-schema';

const MANUAL = 'manual';
const LOOKUP_FAILED = 'Address lookup is not available. Please enter your address manually.';

/**
 * Address Information (docs/product/members.md#profile-and-address). For the United Kingdom the member types a
 * postcode and picks their address from what the lookup finds; the address lines show once
 * they pick one, when nothing is found, or when they choose 'Enter address manually' (the
 * only option left when the lookup fails). Other countries show every field at once.
 * Choosing a country empties the address and the suggestions.
 */
export function AddressSection() {
  const { register, setValue, getValues, setFocus, clearErrors, formState } = useFormContext<ProfileFormState>();
  const { errors, isSubmitted } = formState;
  const country = useWatch<ProfileFormState, 'country'>({ name: 'country' });
  const uk = isUnitedKingdom(country);

  // A saved address shows its lines straight away, so the member can see and change it.
  const [manual, setManual] = useState(() => {
    const values = getValues();
    return Boolean(values.line_1 || values.line_2 || values.locality || values.town_or_city || values.county);
  });
  const [lookupPostcode, setLookupPostcode] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const lookup = usePostcodeLookup(uk ? lookupPostcode : null);

  const countryField = register('country', {
    onChange: () => {
      for (const field of ADDRESS_FIELDS) setValue(field, '', { shouldDirty: true });
      clearErrors([...ADDRESS_FIELDS]);
      setLookupPostcode(null);
      setChoice(null);
      setManual(false);
    },
  });

  const findAddress = () => {
    const postcode = normalizePostcode(getValues('postcode'));
    // A blank postcode is ignored (docs/product/screens.md#profile).
    if (!postcode) {
      setFocus('postcode');
      return;
    }
    setValue('postcode', postcode, { shouldDirty: true });
    setChoice(null);
    if (postcode === lookupPostcode && lookup.isError) void lookup.refetch();
    setLookupPostcode(postcode);
  };

  const onPostcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the postcode box looks the address up rather than saving the half-filled form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    findAddress();
  };

  const pick = (address: AddressSuggestion, index: number) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('line_1', address.line_1, options);
    setValue('line_2', address.line_2, options);
    setValue('locality', address.locality, options);
    setValue('town_or_city', address.town_or_city, options);
    setValue('county', address.county, options);
    if (lookupPostcode) setValue('postcode', lookupPostcode, options);
    setChoice(String(index));
    setManual(true);
  };

  const chooseManual = () => {
    setChoice(MANUAL);
    setManual(true);
  };

  const addresses = lookup.isSuccess ? lookup.data.addresses : [];
  const failed = lookup.isError;
  const noResults = lookup.isSuccess && addresses.length === 0;
  const showOptions = uk && lookupPostcode !== null && (addresses.length > 0 || failed);
  // When the lookup fails, typing the address is the only way on: its lines show at once.
  const showLines = !uk || manual || noResults || failed;

  let status = '';
  if (uk && lookupPostcode !== null) {
    if (lookup.isFetching) status = `Finding addresses for ${lookupPostcode}…`;
    else if (failed) status = errorMessage(lookup.error, LOOKUP_FAILED);
    else if (noResults) status = `No addresses found for ${lookupPostcode}. Please enter your address below.`;
    else if (addresses.length === 1) status = `1 address found for ${lookupPostcode}. Choose it below.`;
    else if (addresses.length > 1)
      status = `${addresses.length} addresses found for ${lookupPostcode}. Choose yours below.`;
  }

  const postcodeField = (
    <Field
      label={uk ? 'Postcode' : 'Postal/ZIP Code'}
      error={errors.postcode?.message}
      hint={uk ? 'Type your postcode, then choose Find address.' : undefined}
    >
      <Input autoComplete="postal-code" onKeyDown={uk ? onPostcodeKeyDown : undefined} {...register('postcode')} />
    </Field>
  );

  return (
    <FormSection title="Address Information">
      <Field label="Country" className="sm:col-span-2">
        <Select autoComplete="country-name" {...countryField}>
          <CountryOptions current={country} />
        </Select>
      </Field>

      {uk && (
        <div className="flex flex-col gap-3 sm:col-span-2">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="sm:w-72">{postcodeField}</div>
            <Button variant="secondary" onClick={findAddress} className="sm:mb-0.5">
              <Search aria-hidden="true" className="size-5" />
              Find address
            </Button>
          </div>
          <p role="status" className="font-semibold">
            {status}
          </p>
          {showOptions && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-semibold">{failed ? 'Your address' : 'Choose your address'}</legend>
              {addresses.map((address, index) => (
                <AddressOption
                  key={`${lookupPostcode}-${index}`}
                  label={address.formatted_address}
                  checked={choice === String(index)}
                  onSelect={() => pick(address, index)}
                />
              ))}
              <AddressOption
                label="Enter address manually"
                checked={choice === MANUAL || (failed && choice === null)}
                onSelect={chooseManual}
              />
            </fieldset>
          )}
          {!showOptions && !showLines && (
            <p>
              <Button variant="link" className="px-0" onClick={chooseManual}>
                Enter address manually
              </Button>
            </p>
          )}
        </div>
      )}

      {showLines && (
        <>
          <Field label="Address line 1" error={errors.line_1?.message} className="sm:col-span-2">
            <Input autoComplete="address-line1" {...register('line_1')} />
          </Field>
          <Field label="Address line 2 (optional)" error={errors.line_2?.message} className="sm:col-span-2">
            <Input autoComplete="address-line2" {...register('line_2')} />
          </Field>
          <Field label="Locality (optional)" error={errors.locality?.message}>
            <Input autoComplete="address-level3" {...register('locality')} />
          </Field>
          <Field label={uk ? 'Town or city' : 'Town/City'} error={errors.town_or_city?.message}>
            <Input autoComplete="address-level2" {...register('town_or_city')} />
          </Field>
          <Field label={uk ? 'County (optional)' : 'State/County'} error={errors.county?.message}>
            <Input autoComplete="address-level1" {...register('county')} />
          </Field>
          {!uk && postcodeField}
        </>
      )}
    </FormSection>
  );
}

function AddressOption({ label, checked, onSelect }: { label: string; checked: boolean; onSelect: () => void }) {
  return <RadioOption name="address-choice" label={<span>{label}</span>} checked={checked} onChange={onSelect} />;
}
