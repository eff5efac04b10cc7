import type { StepField } from '../../../components/ui/step-dialog';
import { removalQuerySchema } from '../../../../domain/community';

// An administrator removing someone else's post or reply may leave the author a note: it is
// told to them with the removal (decision 0027). Members removing their own words are asked
// nothing more.

export const removalNoteFields: StepField[] = [
  { name: 'note', label: 'A note for the author (optional)', multiline: true, maxLength: 500 },
];

export const removalNoteSchema = removalQuerySchema;
