// The manufacturers members choose from (listing form, profile preferences).

import { z } from 'zod';

export const manufacturerSchema = z.object({ id: z.number().int(), name: z.string() });
export type Manufacturer = z.output<typeof manufacturerSchema>;
