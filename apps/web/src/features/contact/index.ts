/** The contact feature's public API: the staff's Messages tab. */
export { ContactMessagesPanel } from './components/contact-messages-panel';
