import { describeEaseNotes } from './ease-notes';

// tests/e2e/ease-notes.ts at one width (phone at Largest text): one file a width, so that the widths run side by
// side (this was the longest browser file when the three ran one after another).
describeEaseNotes('phone at Largest text');
