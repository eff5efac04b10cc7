import { describeTrippedOver } from './tripped-over';

// tests/e2e/tripped-over.ts at one width (desktop): one file a width, so that the widths run side by
// side (this was the longest browser file when the three ran one after another).
describeTrippedOver('desktop');
