import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadLimit, Viewer } from '../../platform/auth';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { discardUploads, quotaExceeded, usedBytes } from './media.service';
import { storeUpload, type StoredUpload, type UploadRules } from './store-upload';

/** A multipart upload form: which field carries the files, how many, and the text beside them. */
export interface UploadFormSpec {
  rules: UploadRules;
  maxFiles: number;
  /** The answer to a request that is no multipart form. */
  chooseFile: string;
  /** The refusal of a file in another field, or of one too many. */
  wrongFile: string;
  tooManyFiles: string;
}

/** One file of the form, staged, with the name the member's device gave it. */
export interface UploadedPart {
  stored: StoredUpload;
  filename: string;
}

export interface UploadForm {
  uploads: UploadedPart[];
  /** The text fields, as sent (validated by the caller against its contract). */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form in whatever order its parts come. Each file streams into storage as it
 * arrives; if the form turns out bad at any point, every file staged so far is removed.
 */
export async function readUploadForm(
  request: FastifyRequest,
  storage: Storage,
  limit: UploadLimit,
  spec: UploadFormSpec,
): Promise<UploadForm> {
  const field = spec.rules.field;
  if (!request.isMultipart()) throw AppError.fields({ [field]: [spec.chooseFile] });
  const uploads: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: limit.maxBytes, files: spec.maxFiles + 1, fields: 10, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== field) {
          part.file.resume();
          throw AppError.fields({ [part.fieldname]: [spec.wrongFile] });
        }
        if (uploads.length === spec.maxFiles) {
          part.file.resume();
          throw AppError.fields({ [field]: [spec.tooManyFiles] });
        }
        const stored = await storeUpload(storage, part.file, limit, spec.rules);
        uploads.push({ stored, filename: part.filename });
      } else {
        if (part.valueTruncated) {
          throw AppError.fields({ [part.fieldname]: [`This ${part.fieldname} is too long.`] });
        }
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
    return { uploads, fields };
  } catch (error) {
    await discardUploads(
      storage,
      uploads.map(({ stored }) => stored),
    );
    throw error;
  }
}

/**
 * The smaller of the member's size limit and what is left of their quota, so an upload that
 * cannot fit is cut off as it streams in. A picture's thumbnails are only known once it is
 * decoded: recording the file checks the total again.
 */
export async function memberUploadLimit(
  app: FastifyInstance,
  db: Database,
  owner: Viewer,
  usual: UploadLimit,
  quotaBytes: number,
): Promise<UploadLimit> {
  const sizeLimit = await app.uploadLimit(owner, usual);
  const used = await usedBytes(db, owner.id);
  if (quotaBytes - used >= sizeLimit.maxBytes) return sizeLimit;
  return { maxBytes: Math.max(1, quotaBytes - used), tooLarge: quotaExceeded(quotaBytes, used) };
}
