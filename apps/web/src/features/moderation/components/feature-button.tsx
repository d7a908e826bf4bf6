import type { FeaturedModel } from '@agora/shared';
import Button from '@mui/material/Button';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure } from '../../auth';
import { selectProfile } from '../../users';
import { useGetFeaturedStatusQuery, useSetFeaturedMutation } from '../moderation-api';

export interface FeatureButtonProps {
  model: FeaturedModel;
  id: number;
}

const FEATURED_DONE: Record<FeaturedModel, string> = {
  forum: 'Featured on the discussions page.',
  poll: 'Poll featured.',
  quiz: 'Quiz featured.',
};

/** Staff only: features or unfeatures a discussion, poll or quiz. Renders nothing for others. */
export function FeatureButton({ model, id }: FeatureButtonProps) {
  const isStaff = useAppSelector(selectProfile)?.isStaff === true;
  const toast = useToast();
  const { data: status, isLoading } = useGetFeaturedStatusQuery({ model, id }, { skip: !isStaff });
  const [setFeatured, { isLoading: saving }] = useSetFeaturedMutation();
  if (!isStaff) return null;

  const featured = status?.featured === true;
  const toggle = async () => {
    try {
      await setFeatured({ model, id, featured: !featured }).unwrap();
      toast.success(featured ? 'No longer featured.' : FEATURED_DONE[model]);
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
