import { useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Search } from 'lucide-react';
import { normalizePostcode } from '../../../../domain/profile';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { usePostcodeLookup } from '../api/lookup-postcode';
import type { AddressSuggestion } from '../types';
import { CountryOptions } from './country-options';
import { FormSection, SelectField, TextField } from './form-fields';
import { ADDRESS_FIELDS, isUnitedKingdom, type ProfileFormState } from './profile-form-schema';

const MANUAL = 'manual';
const LOOKUP_FAILED = 'Address lookup is not available. Please enter your address manually.';

/**
 * Address Information (spec sections 2 and 5). For the United Kingdom the member types a
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
    // Spec section 5: a blank postcode is ignored.
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
    <TextField
      label={uk ? 'Postcode' : 'Postal/ZIP Code'}
      registration={register('postcode')}
      error={errors.postcode?.message}
      autoComplete="postal-code"
      hint={uk ? 'Type your postcode, then choose Find address.' : undefined}
      onKeyDown={uk ? onPostcodeKeyDown : undefined}
    />
  );

  return (
    <FormSection title="Address Information">
      <SelectField label="Country" registration={countryField} autoComplete="country-name" className="sm:col-span-2">
        <CountryOptions current={country} />
      </SelectField>

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
          <TextField
            label="Address line 1"
            registration={register('line_1')}
            error={errors.line_1?.message}
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <TextField
            label="Address line 2 (optional)"
            registration={register('line_2')}
            error={errors.line_2?.message}
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <TextField
            label="Locality (optional)"
            registration={register('locality')}
            error={errors.locality?.message}
            autoComplete="address-level3"
          />
          <TextField
            label={uk ? 'Town or city' : 'Town/City'}
            registration={register('town_or_city')}
            error={errors.town_or_city?.message}
            autoComplete="address-level2"
          />
          <TextField
            label={uk ? 'County (optional)' : 'State/County'}
            registration={register('county')}
            error={errors.county?.message}
            autoComplete="address-level1"
          />
          {!uk && postcodeField}
        </>
      )}
    </FormSection>
  );
}

function AddressOption({ label, checked, onSelect }: { label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border-2 border-line-strong px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name="address-choice"
        checked={checked}
        onChange={onSelect}
        className="size-6 shrink-0 accent-brand-700"
      />
      <span>{label}</span>
    </label>
  );
}
