import { useSearchParams } from 'react-router';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';

  return (
    <ComingSoonPage
      title="Search"
      summary={
        query ? `You searched for “${query}”.` : 'Type in the search field at the top of the page.'
      }
      icon={SearchRounded}
      headline="Search is arriving soon"
    >
      Soon searching will look through discussions, polls, quizzes and members at once.
    </ComingSoonPage>
  );
}
