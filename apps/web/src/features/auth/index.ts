export {
  authReducer,
  login,
  loginWithTwoFactor,
  loginWithGoogle,
  loginWithApple,
  loginWithFacebook,
  signUp,
  logout,
  logoutAll,
  toggleTwoFactor,
  sessionEnded,
  selectAuth,
  selectAuthToken,
  selectIsAuthenticated,
  selectAuthLoading,
  selectAuthErrorMsg,
  selectIsNewUser,
  selectIsTwoFaOn,
  selectIsAwaitingTwoFactor,
} from './auth-slice';
export type { AuthState, AuthRootState, SignedIn } from './auth-slice';
export { createSessionBridge } from './session-bridge';
export type { SessionStore } from './session-bridge';
export type { FormRejectionMeta } from './auth-slice';
export {
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useGetSessionsQuery,
  useRevokeSessionMutation,
} from './auth-api';
export { apiFailure } from '../../lib/api-error';
export { applyServerErrors } from './form-errors';
export { bindField, PasswordField } from './components/form-fields';
export { RequireAuth, loginPathFor } from './components/require-auth';
