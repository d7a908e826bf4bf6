import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import {
  createUser,
  deriveUsername,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  type UserRow,
} from '../users';
import type { AuthContext } from './auth.context';
import type { SignedIn } from './auth.presenter';
import { socialAccounts } from './auth.tables';
import type { ClientInfo } from './device';
import { signIn } from './login.service';
import { PROVIDER_NAMES, type SocialIdentity } from './social-providers';

/**
 * The account of a provider identity: the linked one; else the account with the same
 * (provider-verified) address, which gets linked; else a new account.
 */
export async function socialSignIn(
  ctx: AuthContext,
  identity: SocialIdentity,
  client: ClientInfo,
): Promise<SignedIn & { isNewUser: boolean }> {
  const { provider, providerUserId, verifiedEmail } = identity;
  const [link] = await ctx.db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)),
    );
  let user: UserRow | undefined = link && (await findUserById(ctx.db, link.userId));
  let isNewUser = false;

  if (!user) {
    if (!verifiedEmail) {
      throw new AppError(
        'validation',
        `Your ${PROVIDER_NAMES[provider]} account has no confirmed email address; confirm one there, or sign up with email and password.`,
      );
    }
    const existing = await findUserByEmail(ctx.db, verifiedEmail);
    if (existing) {
      user = existing.emailVerified ? existing : await markEmailVerified(ctx.db, existing.id);
    } else {
      const source = identity.name || verifiedEmail.split('@')[0] || 'member';
      user = await createUser(ctx.db, {
        username: await deriveUsername(ctx.db, source, ctx.now()),
        email: verifiedEmail,
        passwordHash: null,
        emailVerified: true,
        firstName: identity.firstName.slice(0, 150),
        lastName: identity.lastName.slice(0, 150),
      });
      isNewUser = true;
    }
    await ctx.db
      .insert(socialAccounts)
      .values({ provider, providerUserId, userId: user.id })
      .onConflictDoNothing();
  }
  // SPEC §9: social logins keep the member signed in (14-day cookies).
  return { ...(await signIn(ctx, user, true, client)), isNewUser };
}
