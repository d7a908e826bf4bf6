import {
  AVATAR_MAX_BYTES,
  ZNotificationsToggled,
  ZPrivateUser,
  ZProfileUpdate,
  ZPublicProfile,
  ZTwoFactorToggled,
  type FieldErrors,
  type ProfileUpdate,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, refuseWhileSilenced, type UploadLimit } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findPublicProfile, getOwnProfile, updateProfile } from './profile.service';
import { presentPrivateUser, presentPublicProfile } from './users.presenter';
import { setNotifications, toggleTwoFactor } from './users.service';

const ZProfileChanges = ZProfileUpdate.partial();
const PROFILE_FIELDS = new Set(Object.keys(ZProfileUpdate.shape));
const AVATAR_LIMIT: UploadLimit = {
  maxBytes: AVATAR_MAX_BYTES,
  tooLarge: `Choose an image of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
};

function issuesToFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    (fields[issue.path.join('.') || 'nonFieldErrors'] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * The profile form: multipart (SPEC §7, so an avatar can travel along) or JSON. The avatar's
 * size limit is enforced while it streams in; its type is checked later from its bytes.
 */
async function readProfileForm(
  request: FastifyRequest,
  avatarLimit: UploadLimit,
): Promise<{ changes: Partial<ProfileUpdate>; avatar?: Buffer }> {
  const raw: Record<string, unknown> = {};
  let avatar: Buffer | undefined;
  if (request.isMultipart()) {
    const parts = request.parts({
      limits: { fileSize: avatarLimit.maxBytes, files: 1, fields: 20, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'avatar') {
          part.file.resume();
          throw AppError.fields({ [part.fieldname]: ['Only the avatar can be a file.'] });
        }
        try {
          avatar = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw AppError.fields({ avatar: [avatarLimit.tooLarge] });
          }
          throw error;
        }
      } else if (PROFILE_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated) {
          throw AppError.fields({ [part.fieldname]: ['This value is too long.'] });
        }
        raw[part.fieldname] = part.value;
      }
    }
  } else if (typeof request.body === 'object' && request.body !== null) {
    Object.assign(raw, request.body);
  }
  const parsed = ZProfileChanges.safeParse(raw);
  if (!parsed.success) throw AppError.fields(issuesToFields(parsed.error));
  // A browser sends an empty part for an empty file input: that is no new avatar.
  return { changes: parsed.data, avatar: avatar?.length ? avatar : undefined };
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/user/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your own account.',
        response: { 200: ZPrivateUser },
      },
    },
    async (request) => {
      const row = await getOwnProfile(app.db, currentUser(request).id);
      return presentPrivateUser(row, app.storage);
    },
  );

  app.put(
    '/user/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Edit your profile: multipart form with firstName, lastName, bio, country and an optional avatar image (JPEG, PNG, WebP or GIF, at most 5 MB).',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZPrivateUser },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // A profile is public writing too: a silenced spammer must not move the links to the bio.
      refuseWhileSilenced(user.silence);
      const { changes, avatar } = await readProfileForm(
        request,
        await app.uploadLimit(user, AVATAR_LIMIT),
      );
      const row = await updateProfile(app, user.id, changes, avatar);
      return presentPrivateUser(row, app.storage);
    },
  );

  app.get(
    '/userinfo/:idOrUsername/',
    {
      // Open to visitors, as the member's posts are: their profile page reads it.
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: "A member's public profile, by id or username; open to visitors.",
        params: z.object({ idOrUsername: z.string().max(64) }),
        response: { 200: ZPublicProfile },
      },
    },
    async (request) => {
      const row = await findPublicProfile(app.db, request.params.idOrUsername);
      return presentPublicProfile(row, app.storage);
    },
  );

  app.put(
    '/userinfo/toggle-notifications/:value/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn notifications on (true) or off (false).',
        params: z.object({
          value: z.enum(['true', 'false'], { error: 'Use true or false.' }),
        }),
        response: { 200: ZNotificationsToggled },
      },
    },
    async (request) => {
      const row = await setNotifications(
        app.db,
        currentUser(request).id,
        request.params.value === 'true',
      );
      return { notificationsOn: row.notificationsOn };
    },
  );

  app.put(
    '/userinfo/two/2fa/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in (a mailed link after the password) on or off.',
        response: { 200: ZTwoFactorToggled },
      },
    },
    async (request) => {
      const row = await toggleTwoFactor(app.db, currentUser(request).id);
      return { isTwoFaOn: row.isTwoFaOn };
    },
  );
};
