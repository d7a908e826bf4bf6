import { z } from 'zod';
import { ZEmail } from './auth';
import { ZAuthor } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { zLabel, zText } from './text';

/** Contact us (issue 19): a message to the team from anyone, signed in or not. */

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** A name or subject is one line: it heads a mail and a row of the staff's list. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ');

/**
 * The form's hidden field: people never see it, so only a robot fills it in. The server then
 * answers as if the message had been sent and keeps nothing.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** POST `/api/contactus/`. */
export const ZContactMessageInput = z.object({
  name: zLabel('Enter your name.')
    .trim()
    .overwrite(oneLine)
    .min(1, 'Enter your name.')
    .max(CONTACT_NAME_MAX_LENGTH, `Use a name of at most ${CONTACT_NAME_MAX_LENGTH} characters.`),
  email: ZEmail,
  subject: zLabel('Enter a subject.')
    .trim()
    .overwrite(oneLine)
    .min(1, 'Enter a subject.')
    .max(
      CONTACT_SUBJECT_MAX_LENGTH,
      `Use a subject of at most ${CONTACT_SUBJECT_MAX_LENGTH} characters.`,
    ),
  message: zText('Write your message.')
    .trim()
    .min(1, 'Write your message.')
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `Keep your message to at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
    ),
  [CONTACT_HONEYPOT_FIELD]: zText().max(500).optional(),
});
export type ContactMessageInput = z.infer<typeof ZContactMessageInput>;

/** The answer to a message sent, and to a robot's alike. */
export const ZContactSent = z.object({ sent: z.literal(true) });
export type ContactSent = z.infer<typeof ZContactSent>;

/** A message as staff read it on the moderation page. */
export const ZContactMessage = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The member who was signed in when sending it; null for a visitor. */
  sender: ZAuthor.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactMessage = z.infer<typeof ZContactMessage>;

/** GET `/api/moderation/contact/`: newest first. */
export const ZContactMessagePage = zPage(ZContactMessage);
export type ContactMessagePage = z.infer<typeof ZContactMessagePage>;
export const ZContactMessageQuery = ZPageQuery;
export type ContactMessageQuery = z.infer<typeof ZContactMessageQuery>;
