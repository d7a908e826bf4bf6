export {
  createWriteBatches,
  type BatchWrite,
  type Settled,
  type WriteBatchesOptions,
} from './write-batches';
