export { Memo } from './memo';
