import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  checkKey,
  contentTypeOfKey,
  dispositionOf,
  downloadFileName,
  IMMUTABLE_CACHE_CONTROL,
  mediaLink,
  MEDIA_URL_PREFIX,
  PRESIGN_TTL_SECONDS,
  type PutOptions,
  type Storage,
} from './storage';

export type S3Checksums = 'WHEN_REQUIRED' | 'WHEN_SUPPORTED';

/** The `S3_*` settings. */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's usual chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path instead of the host name, as self-hosted services expect. */
  forcePathStyle: boolean;
  /** A public (CDN) base URL of the bucket: links point there instead of being presigned. */
  publicUrl?: string;
  /** WHEN_REQUIRED for services that refuse the checksums the SDK adds by default. */
  checksums: S3Checksums;
}

/**
 * Parts of a multipart upload: S3's smallest allowed part, two in flight, so one upload holds
 * at most ~10 MB of a stream in memory whatever its size.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;
const S3_PARTS_IN_FLIGHT = 2;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: settings.checksums,
    responseChecksumValidation: settings.checksums,
  });
}

/** The headers a browser must see on the object, stored with it so a CDN serves them too. */
const objectHeaders = ({ contentType }: PutOptions) => ({
  ContentType: contentType,
  ContentDisposition: dispositionOf(contentType),
  CacheControl: IMMUTABLE_CACHE_CONTROL,
});

/**
 * Objects in an S3-compatible bucket. Links are the app's own `/media/<key>` URLs (which
 * redirect to a presigned one) unless the bucket has a public base URL.
 */
export function createS3Storage(
  settings: S3Settings,
  appPublicUrl: string,
  client: S3Client = createS3Client(settings),
): Storage {
  const Bucket = settings.bucket;
  const base = settings.publicUrl ? `${settings.publicUrl}/` : appPublicUrl + MEDIA_URL_PREFIX;
  return {
    kind: 's3',
    async put(key, data, options) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: data, ...objectHeaders(options) },
        partSize: S3_PART_BYTES,
        queueSize: S3_PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // The SDK reports a failed abort of the multipart upload in place of what failed first;
      // the caller needs the stream's own error (a size limit is an answer to the member).
      let streamError: unknown;
      if (!Buffer.isBuffer(data)) data.once('error', (error) => (streamError ??= error));
      try {
        await upload.done();
      } catch (error) {
        throw streamError ?? error;
      }
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!(Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
        return Body;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async move(from, to, options) {
      // A server-side copy: the bytes do not pass through this process again.
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkKey(to),
          CopySource: `${Bucket}/${checkKey(from)}`,
          MetadataDirective: 'REPLACE',
          ...objectHeaders(options),
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async list(prefix) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys;
    },
    // A named download needs its name signed into the link: the app's /media/ redirect does it.
    url: (key, downloadName) =>
      downloadName ? mediaLink(appPublicUrl, checkKey(key), downloadName) : base + checkKey(key),
    async presign(key, options = {}) {
      const contentType = contentTypeOfKey(checkKey(key));
      const fileName = options.downloadName && downloadFileName(key, options.downloadName);
      // The same headers as the object's, in the signed link, so a bucket that lost them
      // (or a copy made without them) still cannot show a document in place.
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: dispositionOf(contentType, fileName),
      });
      return getSignedUrl(client, command, {
        expiresIn: options.expiresInSeconds ?? PRESIGN_TTL_SECONDS,
      });
    },
  };
}
