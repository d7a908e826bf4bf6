export { Memo } from './memo';
export {
  anonymousCachePlugin,
  anonymousCacheScope,
  type Personalise,
  type SignedOutAnswer,
} from './anonymous-cache';
