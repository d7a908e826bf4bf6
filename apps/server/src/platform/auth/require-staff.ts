import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { currentUser } from './auth.plugin';

export const STAFF_ONLY_MESSAGE = 'Only staff members can do this.';

/** `onRequest: [app.authenticate, requireStaff]`: a 403 for members who are not staff. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).isStaff) throw new AppError('forbidden', STAFF_ONLY_MESSAGE);
}

export const ADMINS_ONLY_MESSAGE = 'Only admins can change roles.';

/** `onRequest: [app.authenticate, requireAdmin]`: a 403 for everyone but admins. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== 'admin') throw new AppError('forbidden', ADMINS_ONLY_MESSAGE);
}
