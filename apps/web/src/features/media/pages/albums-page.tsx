import PhotoLibraryRounded from '@mui/icons-material/PhotoLibraryRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function AlbumsPage() {
  return (
    <ComingSoonPage
      title="Albums & files"
      summary="Photo albums and documents shared with the community."
      icon={PhotoLibraryRounded}
      headline="Albums and files are arriving soon"
      guideAnchor="albums-files"
    >
      Soon you will be able to create photo albums, pick their cover pictures and share files, with
      progress shown as they upload.
    </ComingSoonPage>
  );
}
