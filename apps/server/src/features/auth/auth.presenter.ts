import type { AuthResponse } from '@agora/shared';
import type { Storage } from '../../platform/storage';
import { presentPrivateUser, type UserRow } from '../users';
import type { IssuedTokens } from './sessions.service';

export interface SignedIn {
  tokens: IssuedTokens;
  user: UserRow;
}

export function presentSignedIn({ tokens, user }: SignedIn, storage: Storage): AuthResponse {
  return {
    access: tokens.access,
    refresh: tokens.refresh,
    user: presentPrivateUser(user, storage),
  };
}
