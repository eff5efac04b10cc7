// `npm start`: build the client if needed, then run the server in this same process
// (so SIGTERM reaches it directly and shutdown is graceful).
import { register } from 'tsx/esm/api';
import { buildClientIfStale } from './client-build.mjs';

buildClientIfStale();
register();
await import('../src/server/main.ts');
