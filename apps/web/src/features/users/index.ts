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
