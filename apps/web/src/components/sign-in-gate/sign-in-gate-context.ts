import { createContext } from 'react';

/** What a signed-out visitor tried to do, to say why it needs an account. */
export type MemberAction = 'like' | 'bookmark' | 'vote' | 'answer' | 'report' | 'reply';

/** Opens the "log in to …" dialog; provided once by `SignInGateProvider` in the app shell. */
export const SignInGateContext = createContext<((action: MemberAction) => void) | null>(null);
