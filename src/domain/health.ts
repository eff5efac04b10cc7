// GET /api/health: for the operator's monitoring, not for members.

import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  /** Which database the process runs on. */
  database: z.enum(['embedded', 'postgres']),
});
