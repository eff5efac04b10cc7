import type { Config } from './config';
import type { Database } from './db/client';
import type { EventBus } from './events/event-bus';
import type { Mailer } from './mail/mailer';
import type { PictureStorage } from './uploads/storage';

/**
 * What every feature receives: configuration, the open database, the mailer, live events,
 * where pictures are stored.
 * Its own file (not app.ts) so that a feature needing the type does not import the module
 * that imports every feature.
 */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  events: EventBus;
  /** Where pictures are stored: UPLOAD_DIR or the S3 bucket (uploads/create-storage.ts). */
  pictures: PictureStorage;
};
