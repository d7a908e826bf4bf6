import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { zLabel, zText } from './text';
import { MEMBER_ROLES } from './roles';

/** Account contracts of issue 3 ("Accounts"), validated alike by the server and the web forms. */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters, digits, `_`, `.` and `-` only. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** RFC 5321 caps a forward path at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Hashing cost grows with length; a generous cap keeps a huge body from tying up the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 150;
export const BIO_MAX_LENGTH = 1000;
export const COUNTRY_MAX_LENGTH = 100;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const ZIsoDateTime = z.iso.datetime({ offset: true });

export const ZUsername = zText()
  .trim()
  .min(USERNAME_MIN_LENGTH, `Choose a username of at least ${USERNAME_MIN_LENGTH} characters.`)
  .max(USERNAME_MAX_LENGTH, `Choose a username of at most ${USERNAME_MAX_LENGTH} characters.`)
  .regex(USERNAME_PATTERN, 'Use only letters, digits, underscores, dots and hyphens in a username.')
  // Profiles are addressed as /auth/userinfo/{id or username}/, so a username may not look like an id.
  .refine((value) => !/^\d+$/.test(value), 'A username cannot be only digits; add a letter.');

export const ZEmail = zText()
  .trim()
  .min(1, 'Enter your email address.')
  .max(EMAIL_MAX_LENGTH, `Use an email address of at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email('Enter a valid email address, like name@example.com.'));

/** A password being chosen; the server adds the checks that need data (common list, similarity). */
export const ZNewPassword = zText()
  .min(PASSWORD_MIN_LENGTH, `Use a password of at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use a password of at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine(
    (value) => !/^\d+$/.test(value),
    'Add letters or symbols: a password cannot be only digits.',
  );

/** A password being presented; rules for new passwords must not lock out older accounts. */
const ZCurrentPassword = zText()
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH, `Use a password of at most ${PASSWORD_MAX_LENGTH} characters.`);

const PASSWORDS_DIFFER = 'The two passwords do not match; type the same password in both fields.';

export const ZRegistration = z
  .object({
    username: ZUsername,
    email: ZEmail,
    password1: ZNewPassword,
    password2: zText(),
  })
  .refine((value) => value.password1 === value.password2, {
    message: PASSWORDS_DIFFER,
    path: ['password2'],
  });
export type Registration = z.infer<typeof ZRegistration>;

export const ZLogin = z.object({
  /** A username or an email address. */
  username: zText()
    .trim()
    .min(1, 'Enter your username or email address.')
    .max(EMAIL_MAX_LENGTH, 'That username or email address is too long to belong to an account.'),
  password: ZCurrentPassword,
  keepmeloggedin: z.boolean().default(false),
});
export type Login = z.infer<typeof ZLogin>;

export const ZTokenPair = z.object({ access: z.string().min(1), refresh: z.string().min(1) });
export type TokenPair = z.infer<typeof ZTokenPair>;

export const ZPrivateUser = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string(),
  avatar: z.url({ protocol: /^https?$/ }).nullable(),
  country: z.string().nullable(),
  emailVerified: z.boolean(),
  isTwoFaOn: z.boolean(),
  notificationsOn: z.boolean(),
  /** False for accounts that only ever signed in with Google, Apple or Facebook. */
  hasPassword: z.boolean(),
  /** Moderators and admins: they moderate content and feature it (`npm run admin -- grant`). */
  isStaff: z.boolean(),
  role: z.enum(MEMBER_ROLES),
  /** Set while staff have silenced the member: until when, and why. */
  silence: z.object({ until: ZIsoDateTime, reason: z.string() }).nullable(),
  dateJoined: ZIsoDateTime,
});
export type PrivateUser = z.infer<typeof ZPrivateUser>;

/** What any member may see of another: no email and no account settings. */
export const ZPublicProfile = ZPrivateUser.pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  bio: true,
  avatar: true,
  country: true,
  dateJoined: true,
  role: true,
});
export type PublicProfile = z.infer<typeof ZPublicProfile>;

export const ZAuthResponse = ZTokenPair.extend({ user: ZPrivateUser });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/** Login answer for an account with two-factor on: no tokens until the mailed link is opened. */
export const ZTwoFactorPending = z.object({ twoFa: z.literal(true), detail: z.string() });
export type TwoFactorPending = z.infer<typeof ZTwoFactorPending>;

export const ZLoginResponse = z.union([ZTwoFactorPending, ZAuthResponse]);
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZVerifyEmail = z.object({
  key: zText().min(1, 'The verification link is incomplete; open it again from the email.'),
});
export type VerifyEmail = z.infer<typeof ZVerifyEmail>;

export const ZResendEmail = z.object({ email: ZEmail });
export type ResendEmail = z.infer<typeof ZResendEmail>;

export const ZPasswordChange = z
  .object({
    old_password: ZCurrentPassword,
    new_password1: ZNewPassword,
    new_password2: zText(),
  })
  .refine((value) => value.new_password1 === value.new_password2, {
    message: PASSWORDS_DIFFER,
    path: ['new_password2'],
  });
export type PasswordChange = z.infer<typeof ZPasswordChange>;

export const ZPasswordReset = z.object({ email: ZEmail });
export type PasswordReset = z.infer<typeof ZPasswordReset>;

export const ZPasswordResetConfirm = z
  .object({ new_password1: ZNewPassword, new_password2: zText() })
  .refine((value) => value.new_password1 === value.new_password2, {
    message: PASSWORDS_DIFFER,
    path: ['new_password2'],
  });
export type PasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

export const ZLogout = z.object({ refresh_token: zText().min(1) });
export type Logout = z.infer<typeof ZLogout>;

/**
 * Editable profile fields. Multipart form data carries no null, so an empty
 * country is sent to clear it.
 */
export const ZProfileUpdate = z.object({
  firstName: zLabel()
    .trim()
    .max(NAME_MAX_LENGTH, `Keep your first name to ${NAME_MAX_LENGTH} characters or fewer.`),
  lastName: zLabel()
    .trim()
    .max(NAME_MAX_LENGTH, `Keep your last name to ${NAME_MAX_LENGTH} characters or fewer.`),
  bio: zText()
    .trim()
    .max(BIO_MAX_LENGTH, `Keep your bio to ${BIO_MAX_LENGTH} characters or fewer.`),
  country: zText().trim().max(COUNTRY_MAX_LENGTH, 'Choose a country from the list.').nullable(),
});
export type ProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const ZNotificationsToggled = z.object({ notificationsOn: z.boolean() });
export type NotificationsToggled = z.infer<typeof ZNotificationsToggled>;

export const ZTwoFactorToggled = z.object({ isTwoFaOn: z.boolean() });
export type TwoFactorToggled = z.infer<typeof ZTwoFactorToggled>;

export const ZSessionHistoryItem = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  createdAt: ZIsoDateTime,
  lastSeenAt: ZIsoDateTime,
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionHistoryItem = z.infer<typeof ZSessionHistoryItem>;

export const ZSessionHistoryPage = z.object({
  results: z.array(ZSessionHistoryItem),
  next: z.string().nullable(),
});
export type SessionHistoryPage = z.infer<typeof ZSessionHistoryPage>;

/** SPEC §7 sends the access token alongside; a session restored from the refresh cookie alone has none. */
export const ZRefreshRequest = z.object({
  refresh: zText().min(1),
  access: zText().optional(),
});
export type RefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZGoogleLogin = z.object({ access_token: zText().min(1) });
export type GoogleLogin = z.infer<typeof ZGoogleLogin>;

export const ZAppleLogin = z.object({
  access_token: zText().min(1),
  id_token: zText().min(1),
});
export type AppleLogin = z.infer<typeof ZAppleLogin>;

export const ZFacebookLogin = z.object({ access_token: zText().min(1) });
export type FacebookLogin = z.infer<typeof ZFacebookLogin>;

export const ZSocialLoginResponse = ZAuthResponse.extend({ isNewUser: z.boolean() });
export type SocialLoginResponse = z.infer<typeof ZSocialLoginResponse>;

export const ZFacebookLoginResponse = ZSocialLoginResponse.extend({
  key: z.string(),
  expiredAt: ZIsoDateTime,
});
export type FacebookLoginResponse = z.infer<typeof ZFacebookLoginResponse>;

/** Social-only accounts have no password; the server then asks for a recent login instead. */
export const ZDeleteAccount = z.object({ password: ZCurrentPassword.optional() });
export type DeleteAccount = z.infer<typeof ZDeleteAccount>;

/**
 * Which social sign-in buttons to show: each provider's public client id (Google's OAuth client
 * id, Apple's Services ID, Facebook's app id), or null when the server has it turned off.
 */
export const ZAuthProviders = z.object({
  google: z.string().nullable(),
  apple: z.string().nullable(),
  facebook: z.string().nullable(),
});
export type AuthProviders = z.infer<typeof ZAuthProviders>;

/** A 200 answer that only carries a sentence for the member (resend, reset, change password). */
export const ZDetailMessage = z.object({ detail: z.string() });
export type DetailMessage = z.infer<typeof ZDetailMessage>;

export const ZSessionHistoryQuery = z.object({
  cursor: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type SessionHistoryQuery = z.infer<typeof ZSessionHistoryQuery>;
