export {
  userReducer,
  fetchProfile,
  updateProfile,
  selectProfile,
  selectUserLoading,
  selectUserError,
} from './user-slice';
export type { UserState, UserRootState } from './user-slice';
export type { ProfileChanges } from './users-api';
export { useGetPublicProfileQuery, useToggleNotificationsMutation } from './users-api';
export { UserAvatar, displayNameOf } from './components/user-avatar';
