import type { FeaturedModel } from '@agora/shared';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { ButtonSpinner, buttonLoadingClass } from '../../../components/plain/spinner';
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

const outlined = plainButton({ variant: 'outlined' });

/**
 * Staff only: features or unfeatures a discussion, poll or quiz. Renders nothing for others. A
 * plain button, on the first screen of every post.
 */
export function FeatureButton({ model, id }: FeatureButtonProps) {
  const isStaff = useAppSelector(selectProfile)?.isStaff === true;
  const toast = useToast();
  const { data: status, isLoading } = useGetFeaturedStatusQuery({ model, id }, { skip: !isStaff });
  const [setFeatured, { isLoading: saving }] = useSetFeaturedMutation();
  if (!isStaff) return null;

  const featured = status?.featured === true;
  const label = featured ? 'Unfeature' : 'Feature';
  const toggle = async () => {
    try {
      await setFeatured({ model, id, featured: !featured }).unwrap();
      toast.success(featured ? 'No longer featured.' : FEATURED_DONE[model]);
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <button
      type="button"
      className={saving ? `${outlined} ${buttonLoadingClass}` : outlined}
      disabled={isLoading || saving}
      onClick={() => void toggle()}
    >
      {saving && <ButtonSpinner label={label} />}
      <span className={startIconClass}>
        <PlainIcon name={featured ? 'starRounded' : 'starOutlineRounded'} size={20} />
      </span>
      {label}
    </button>
  );
}
