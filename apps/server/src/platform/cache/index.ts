export { Memo } from './memo';
export { anonymousCachePlugin, anonymousCacheScope } from './anonymous-cache';
