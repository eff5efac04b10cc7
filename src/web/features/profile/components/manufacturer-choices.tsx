import { useController, useFormContext } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox';
import type { ProfileFormState } from './profile-form-schema';
import type { Manufacturer } from '../../../../domain/manufacturers';

export interface ManufacturerChoicesProps {
  manufacturers: Manufacturer[] | undefined;
  isError: boolean;
}

/**
 * Preferred manufacturers as a list of checkboxes, from GET /api/manufacturers/active. A brand
 * the member chose before an admin deactivated it is not listed but stays chosen (the server
 * accepts it), so saving the form never drops it behind the member's back.
 */
export function ManufacturerChoices({ manufacturers, isError }: ManufacturerChoicesProps) {
  const { control } = useFormContext<ProfileFormState>();
  const { field } = useController({ control, name: 'preferredManufacturers' });
  const chosen = field.value;

  const toggle = (id: number, on: boolean) => {
    field.onChange(on ? [...chosen, id] : chosen.filter((value) => value !== id));
  };

  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold">Preferred manufacturers (optional)</legend>
      {isError && <p className="mt-2">The list of manufacturers could not be loaded. Please try again later.</p>}
      {manufacturers && manufacturers.length === 0 && <p className="mt-2">No manufacturers to choose from yet.</p>}
      {manufacturers && manufacturers.length > 0 && (
        <ul className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {manufacturers.map((manufacturer) => (
            <li key={manufacturer.id}>
              <CheckboxField
                label={manufacturer.name}
                name={field.name}
                value={manufacturer.id}
                checked={chosen.includes(manufacturer.id)}
                onChange={(event) => toggle(manufacturer.id, event.target.checked)}
                onBlur={field.onBlur}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
