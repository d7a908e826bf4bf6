/**
 * Polls: the pages at /polls (routed by app/router.tsx), and what other features show of them:
 * the member's own polls (My content).
 */
export { MyPolls } from './components/my-polls';
