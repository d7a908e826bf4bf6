export {
  fetchLimit,
  floatKey,
  integerKey,
  keyset,
  pageSize,
  timestampKey,
  type Keyset,
  type KeyPart,
  type Page,
} from './keyset';
