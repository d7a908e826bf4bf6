import { FILE_MAX_BYTES, uploadName } from '@agora/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import { EmptyState } from '../../../components/empty-state';
import { FileDropZone } from '../../../components/file-drop-zone';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { UploadList } from '../../../components/upload-list';
import { useUploadQueue } from '../../../components/use-upload-queue';
import { formatBytes } from '../../../lib/format';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure, RequireAuth } from '../../auth';
import { FileRow } from '../components/file-row';
import { StorageUsage } from '../components/storage-usage';
import {
  uploadMemberFile,
  uploadRefusal,
  uploadsChanged,
  useGetUploadUsageQuery,
  useListMemberFilesInfiniteQuery,
} from '../files-api';

/** What the server takes, as the file picker offers it. */
const ACCEPT = 'image/*,audio/*,application/pdf,text/plain,.heic,.heif';

function FilesSkeleton() {
  return (
    <Stack spacing={1.5} aria-hidden>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={76} sx={{ borderRadius: '12px' }} />
      ))}
    </Stack>
  );
}

function FileList() {
  const query = useListMemberFilesInfiniteQuery(undefined);
  const files = itemsOf(query.data);
  return (
    <LoadMoreList
      query={query}
      count={files.length}
      skeleton={<FilesSkeleton />}
      failure={query.error ? apiFailure(query.error).message : 'Your files could not be loaded.'}
      empty={
        <EmptyState icon={FolderOpenRounded} title="No files yet">
          Upload documents, recordings and pictures to keep them here and share their links.
        </EmptyState>
      }
      more={{ label: 'Load more files', variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack
        component="ul"
        aria-label="Your files"
        aria-busy={query.isFetching}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {files.map((file) => (
          <FileRow key={file.id} file={file} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}

function Files() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data: usage } = useGetUploadUsageQuery(undefined);
  const queue = useUploadQueue({
    send: (file, onProgress) =>
      uploadMemberFile(file, uploadName(file.name, new Date()), onProgress),
    check: (file) => uploadRefusal(file, usage),
    onSettled: ({ uploaded, failed }) => {
      if (uploaded > 0) dispatch(uploadsChanged());
      if (failed === 0 && uploaded > 0) {
        toast.success(uploaded === 1 ? 'File uploaded.' : `${uploaded} files uploaded.`);
      }
    },
  });

  return (
    <PageContainer title="Your files" maxWidth="md">
      <PageHeader title="Your files">
        Documents, recordings and pictures you uploaded. Only you see this list; a file’s link works
        for anyone you share it with.
      </PageHeader>
      <Stack spacing={3}>
        <Paper
          component="section"
          aria-label="Storage"
          variant="outlined"
          sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
        >
          <StorageUsage />
        </Paper>
        <FileDropZone
          label="Upload files"
          accept={ACCEPT}
          hint={`Pictures, audio, PDF or plain text, up to ${formatBytes(FILE_MAX_BYTES)} each. Drop them here or choose them.`}
          onFiles={queue.add}
        />
        <UploadList
          items={queue.items}
          onDismiss={queue.dismiss}
          onClearFinished={queue.clearFinished}
        />
        <Box component="section" aria-label="Files">
          <FileList />
        </Box>
      </Stack>
    </PageContainer>
  );
}

/** The member's files at /files: storage used, upload with progress, download and delete. */
export default function FilesPage() {
  return (
    <RequireAuth>
      <Files />
    </RequireAuth>
  );
}
