import { defineProject } from 'vitest/config';
import base from './vitest.config';

/**
 * The suites that store files, again with uploads in an S3-compatible bucket (s3rver, started
 * by the global setup) instead of DATA_DIR/media. storage.test.ts is not here: it tests both
 * kinds itself.
 */
export default defineProject({
  test: {
    ...base.test,
    name: 'server:s3',
    env: { ...base.test?.env, TEST_STORAGE: 's3' },
    include: [
      'src/features/media/media.test.ts',
      'src/features/media/images.test.ts',
      'src/features/albums/albums.test.ts',
      'src/platform/storage/storage-sweep.test.ts',
      'src/features/users/profile.test.ts',
      'src/features/auth/account.test.ts',
      'src/features/forums/audio-recording.test.ts',
      'src/features/forums/audio-synthesis.test.ts',
      'src/platform/auth/new-members.test.ts',
    ],
  },
});
