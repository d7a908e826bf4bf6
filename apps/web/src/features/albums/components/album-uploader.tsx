import { ALBUM_MESSAGES, FILE_MAX_BYTES } from '@agora/shared';
import Stack from '@mui/material/Stack';
import { FileDropZone } from '../../../components/file-drop-zone';
import { UploadList } from '../../../components/upload-list';
import { useUploadQueue } from '../../../components/use-upload-queue';
import { formatBytes } from '../../../lib/format';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { uploadRefusal, useGetUploadUsageQuery } from '../../files';
import { albumPicturesAdded, uploadAlbumImage } from '../albums-api';

/** What the picker offers: pictures, HEIC included (some systems give it no image type). */
const ACCEPT = 'image/*,.heic,.heif,.avif';

/** A file the browser names as something other than a picture; an unnamed type is the server's to judge. */
function notAPicture(file: File): boolean {
  return file.type !== '' && !file.type.startsWith('image/');
}

/**
 * The author's upload area of an album: each picture is sent on its own with a progress bar,
 * and each refusal (type, size, storage) is said beside its file.
 */
export function AlbumUploader({ albumId }: { albumId: number }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data: usage } = useGetUploadUsageQuery(undefined);
  const queue = useUploadQueue({
    send: (file, onProgress) => uploadAlbumImage(albumId, file, onProgress),
    check: (file) =>
      notAPicture(file) ? `${file.name}: ${ALBUM_MESSAGES.onlyImages}` : uploadRefusal(file, usage),
    onSettled: ({ uploaded, failed }) => {
      if (uploaded > 0) dispatch(albumPicturesAdded(albumId));
      if (failed === 0 && uploaded > 0) {
        toast.success(uploaded === 1 ? 'Picture added.' : `${uploaded} pictures added.`);
      }
    },
  });

  return (
    <Stack spacing={2}>
      <FileDropZone
        label="Add pictures"
        accept={ACCEPT}
        hint={`JPEG, PNG, WebP, GIF, HEIC or AVIF, up to ${formatBytes(FILE_MAX_BYTES)} each. Pictures are turned upright and their location data removed.`}
        onFiles={queue.add}
      />
      <UploadList
        items={queue.items}
        onDismiss={queue.dismiss}
        onClearFinished={queue.clearFinished}
      />
    </Stack>
  );
}
