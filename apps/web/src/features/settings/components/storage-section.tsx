import { Link as RouterLink } from '../../../lib/router';
import Button from '@mui/material/Button';
import FolderRounded from '@mui/icons-material/FolderRounded';
import { StorageUsage } from '../../files';
import { SettingsSection } from './settings-section';

/** What the member's files and pictures take, thumbnails included, against their quota. */
export function StorageSection() {
  return (
    <SettingsSection
      title="Storage"
      description="Your files and album pictures, with the smaller copies made of each picture, count against your storage."
      action={
        <Button component={RouterLink} to="/files" variant="outlined" startIcon={<FolderRounded />}>
          Your files
        </Button>
      }
    >
      <StorageUsage />
    </SettingsSection>
  );
}
