import {
  CONTACT_HONEYPOT_FIELD,
  type Author,
  type ContactMessageInput,
  type ContactMessageQuery,
} from '@agora/shared';
import type { Viewer } from '../../platform/auth';
import type { MailMessage } from '../../platform/mail';
import { fetchLimit, integerKey, keyset, type Page } from '../../platform/pagination';
import { findAuthors } from '../users';
import type { ContactContext } from './contact.context';
import { contactMessages, type ContactMessageRow } from './contact.tables';

export interface ContactMessageView extends ContactMessageRow {
  sender: Author | null;
}

function staffMail(
  ctx: ContactContext,
  to: string,
  row: ContactMessageRow,
  sender: Viewer | null,
): MailMessage {
  const who = sender ? ` (signed in as member #${sender.id})` : '';
  return {
    to,
    subject: `Contact us: ${row.subject}`,
    text: [
      `${row.name} <${row.email}>${who} wrote through Contact us:`,
      '',
      row.message,
      '',
      `Answer them at ${row.email}. Every message: ${ctx.publicUrl}/moderation?tab=messages`,
    ].join('\n'),
  };
}

/**
 * Keeps the message for staff and, with CONTACT_EMAIL set, mails it there in the same
 * transaction (a job, sent after the commit). A filled honeypot is a robot's: nothing is kept
 * or sent, and the caller answers exactly as for a person.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  sender: Viewer | null,
  input: ContactMessageInput,
): Promise<void> {
  if (input[CONTACT_HONEYPOT_FIELD]) {
    ctx.log.info({ senderId: sender?.id ?? null }, 'contact message dropped: honeypot filled');
    return;
  }
  await ctx.mail.transaction(async (tx, outbox) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        senderId: sender?.id ?? null,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        createdAt: ctx.now(),
      })
      .returning();
    if (row && ctx.staffAddress) {
      outbox.add(`contact:${row.id}`, staffMail(ctx, ctx.staffAddress, row, sender));
    }
  });
}

const newestFirst = keyset({ id: integerKey(contactMessages.id) }, 'desc');

/** Every message, newest first, with the member who sent it when one was signed in. */
export async function listContactMessages(
  ctx: ContactContext,
  query: ContactMessageQuery,
): Promise<Page<ContactMessageView>> {
  const rows = await ctx.db
    .select()
    .from(contactMessages)
    .where(newestFirst.afterCursor(query.cursor))
    .orderBy(...newestFirst.orderBy)
    .limit(fetchLimit(query.limit));
  const page = newestFirst.page(rows, query.limit, (row) => row);
  const senders = await findAuthors(
    ctx.db,
    ctx.storage,
    page.rows.flatMap((row) => (row.senderId === null ? [] : [row.senderId])),
  );
  return {
    next: page.next,
    rows: page.rows.map((row) => ({
      ...row,
      sender: row.senderId === null ? null : (senders.get(row.senderId) ?? null),
    })),
  };
}
