/** The accounts feature's public API. */
export { authRoutes } from './auth.routes';
export { tokenRoutes } from './token.routes';
export { revokeMemberSessions, sessionSource } from './sessions.service';
