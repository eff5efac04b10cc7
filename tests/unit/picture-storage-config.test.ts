import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

// The S3_* variables: S3_BUCKET switches object storage on; a wrong value stops start-up with
// one line that names the variable.

const base = { DATA_DIR: '/srv/club' };

describe('picture storage configuration', () => {
  it('keeps pictures in the upload folder unless S3_BUCKET is set', () => {
    const config = loadConfig(base);
    expect(config.s3).toBeUndefined();
    expect(config.uploadDir).toBe('/srv/club/uploads');
  });

  it('reads the bucket, endpoint, region, keys and public address, without trailing slashes', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'club-pictures',
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.org/pictures/',
    });
    expect(config.s3).toEqual({
      bucket: 'club-pictures',
      endpoint: 'https://s3.example.com',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.org/pictures',
    });
  });

  it('on Amazon S3 itself needs only the bucket and region; the SDK finds credentials (an instance role)', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'club-pictures', S3_REGION: 'eu-west-2' }).s3).toEqual({
      bucket: 'club-pictures',
      endpoint: undefined,
      region: 'eu-west-2',
      credentials: undefined,
      publicUrl: undefined,
    });
  });

  it.each([
    [{ S3_BUCKET: 'Club_Pictures' }, /^Configuration error: S3_BUCKET: S3_BUCKET must be a bucket name/],
    [
      { S3_BUCKET: 'club', S3_ENDPOINT: 'localhost:9000' },
      /^Configuration error: S3_ENDPOINT: S3_ENDPOINT must be a full URL/,
    ],
    [{ S3_BUCKET: 'club', S3_PUBLIC_URL: 'ftp://cdn.example.org' }, /^Configuration error: S3_PUBLIC_URL: /],
    [{ S3_BUCKET: 'club', S3_REGION: 'EU West' }, /^Configuration error: S3_REGION: /],
    [
      { S3_BUCKET: 'club', S3_ACCESS_KEY_ID: 'AKID' },
      /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither$/,
    ],
    [{ S3_ENDPOINT: 'https://s3.example.com' }, /^Configuration error: S3_ENDPOINT is set but S3_BUCKET is not$/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
