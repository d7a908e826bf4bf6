import Button from '@mui/material/Button';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { useGetFeaturedStatusQuery, useSetFeaturedMutation } from '../moderation-api';

export interface FeatureButtonProps {
  discussionId: number;
}

/** Staff only: features or unfeatures a discussion. Renders nothing for anyone else. */
export function FeatureButton({ discussionId }: FeatureButtonProps) {
  const isStaff = useAppSelector(selectProfile)?.isStaff === true;
  const toast = useToast();
  const { data: status, isLoading } = useGetFeaturedStatusQuery(discussionId, { skip: !isStaff });
  const [setFeatured, { isLoading: saving }] = useSetFeaturedMutation();
  if (!isStaff) return null;

  const featured = status?.featured === true;
  const toggle = async () => {
    try {
      await setFeatured({ id: discussionId, featured: !featured }).unwrap();
      toast.success(featured ? 'No longer featured.' : 'Featured on the discussions page.');
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={featured ? <StarRounded /> : <StarOutlineRounded />}
      disabled={isLoading}
      loading={saving}
      onClick={() => void toggle()}
    >
      {featured ? 'Unfeature' : 'Feature'}
    </Button>
  );
}
