export {
  fetchLimit,
  floatKey,
  integerKey,
  keyset,
  pageSize,
  textKey,
  timestampKey,
  uuidKey,
  type Keyset,
  type KeyPart,
  type Page,
} from './keyset';
export { presentPage, type PresentedPage } from './present-page';
