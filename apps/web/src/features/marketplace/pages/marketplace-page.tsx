import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function MarketplacePage() {
  return (
    <ComingSoonPage
      title="Marketplace"
      summary="Jobs, events, rentals, things to buy and sell, and local vendors."
      icon={StorefrontRounded}
      headline="The marketplace is arriving soon"
      guideAnchor="marketplace"
    >
      Soon you will be able to post and apply for jobs, share events, offer rentals, buy and sell
      with ratings, and find local vendors.
    </ComingSoonPage>
  );
}
