import type { ContactMessage } from '@agora/shared';
import type { ContactMessageView } from './contact.service';

export function presentContactMessage(view: ContactMessageView): ContactMessage {
  return {
    id: view.id,
    name: view.name,
    email: view.email,
    subject: view.subject,
    message: view.message,
    sender: view.sender,
    createdAt: view.createdAt.toISOString(),
  };
}
