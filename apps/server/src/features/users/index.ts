/** The users feature's public API: what other features may use. */
export { users, type UserRow } from './users.tables';
export { usersRoutes } from './users.routes';
export { authorCard, authorColumns, findAuthors, findUserIdByUsername } from './authors';
export { presentPrivateUser, presentPublicProfile } from './users.presenter';
export {
  createUser,
  deriveUsername,
  emailProblem,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  markEmailVerified,
  normaliseEmail,
  recordLogin,
  setPasswordHash,
  usernameProblem,
  wipeUser,
  USERNAME_RESERVATION_DAYS,
} from './users.service';
export { lockMemberByUsername, setRole, type RoleChange } from './staff.service';
export { userBlocks } from './users.tables';
export {
  blockExists,
  blockMember,
  blockStateBetween,
  hasBlocked,
  unblockMember,
} from './blocks.service';
export { blocksRoutes } from './blocks.routes';
export { searchMembers } from './member-search.service';
