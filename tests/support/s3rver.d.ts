// s3rver (the tests' local S3 stand-in, s3-stand-in.ts) ships no types; this is the little
// the tests use of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: Array<{ name: string }>;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
