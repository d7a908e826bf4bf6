/** The albums feature's public API. */
export { albumsRoutes, type AlbumsRoutesOptions } from './albums.routes';
export { albumKind, albumsKinds } from './albums.kinds';
export { countMemberAlbums, dropMemberAlbums } from './albums.service';
export { albums, albumImages } from './albums.tables';
