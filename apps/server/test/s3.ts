import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/storage';
import { createS3Client } from '../src/platform/storage/s3-storage';

/** s3rver's fixed credentials; it checks no signatures, so any would pass. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  close(): Promise<void>;
}

/** An S3-compatible server on loopback (s3rver), keeping its objects in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'agora-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty bucket on that server, as S3_* settings. */
export async function createTestBucket(
  endpoint: string,
  settings: Partial<S3Settings> = {},
): Promise<S3Settings> {
  const bucket: S3Settings = {
    bucket: `agora-${randomBytes(6).toString('hex')}`,
    endpoint,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    checksums: 'WHEN_SUPPORTED',
    ...settings,
  };
  const client = createS3Client(bucket);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket.bucket }));
  } finally {
    client.destroy();
  }
  return bucket;
}
