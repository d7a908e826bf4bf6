export {
  authPlugin,
  currentUser,
  SESSION_EXPIRED_MESSAGE,
  SESSION_REVOKED_TOPIC,
  MEMBER_CHANGED_TOPIC,
  type AuthGuard,
  type AuthUser,
  type RevokedSession,
  type SessionSource,
  type Viewer,
} from './auth.plugin';
export { actionLimitsPlugin } from './action-limits';
export {
  DEFAULT_ACTION_LIMITS,
  LIMITED_ACTIONS,
  limitVariable,
  NO_ACTION_LIMITS,
  parseLimitWindows,
  type ActionLimits,
  type LimitedAction,
  type LimitWindow,
} from './limit-windows';
export {
  DEFAULT_NEW_MEMBER_LIMITS,
  NO_NEW_MEMBER_LIMITS,
  parseLimitOrOff,
  type NewMemberLimits,
} from './new-member-limits';
export {
  newMembersPlugin,
  type MemberStanding,
  type NewMemberAction,
  type NewMemberSource,
  type UploadLimit,
} from './new-members';
export { rateLimitPlugin, rateLimitKey } from './rate-limit.plugin';
export {
  ADMINS_ONLY_MESSAGE,
  requireAdmin,
  requireStaff,
  STAFF_ONLY_MESSAGE,
} from './require-staff';
export { refuseWhileSilenced, suspendedMessage, untilText } from './restrictions';
export type { SessionState, Silence } from './session-cache';
export {
  InvalidTokenError,
  signToken,
  verifyToken,
  type SignedToken,
  type TokenClaims,
  type TokenType,
} from './tokens';
