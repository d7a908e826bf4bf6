/**
 * Where the sockets are and how they close (SPEC §7 "Sockets"); what they carry is in `ws.ts`.
 * Apart from the message schemas, so a page that only opens a socket loads no schema.
 */

export const CHAT_SOCKET_PATH = '/ws/chats/';
export const NOTIFICATION_SOCKET_PATH = '/ws/notifications/';
/**
 * Live counters of content on screen (a poll's tallies today; comments and likes later). Open to
 * signed-out visitors; a token, when given, lets the server send what that member may see.
 */
export const LIVE_SOCKET_PATH = '/ws/live/';
/** How many objects one live socket may watch at once. */
export const LIVE_SUBSCRIPTIONS_MAX = 50;

/** Close code of a socket opened with a missing, invalid or expired access token. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
/**
 * Close code of a member's oldest socket when they open more than `WS_SOCKETS_PER_MEMBER_MAX`
 * (counted across every server instance): reopening it would only close another, so clients
 * do not retry.
 */
export const WS_CLOSE_TOO_MANY_SOCKETS = 4429;
export const WS_SOCKETS_PER_MEMBER_MAX = 16;
/** Close code (policy violation) of a socket whose client sends faster than the server reads. */
export const WS_CLOSE_TOO_FAST = 1008;
