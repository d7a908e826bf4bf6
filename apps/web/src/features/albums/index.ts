/**
 * Albums: the pages at /albums (routed by app/router.tsx), and what other features show of
 * them: a member's albums on their profile.
 */
export { MemberAlbums } from './components/member-albums';
