import type { Viewer } from '../../platform/auth';

/** Who may see an album: everyone while it is not hidden; its author and staff always. */
export const canSeeAlbum = (
  album: { authorId: number; hiddenAt: Date | null },
  viewer: Viewer | null,
): boolean =>
  album.hiddenAt === null || (viewer !== null && (viewer.isStaff || viewer.id === album.authorId));

/** Only its author changes an album or its pictures. */
export const canEditAlbum = (album: { authorId: number }, viewer: Viewer | null): boolean =>
  viewer !== null && viewer.id === album.authorId;

/** An album's page in the web app. */
export const albumPath = (id: number) => `/albums/${id}`;
