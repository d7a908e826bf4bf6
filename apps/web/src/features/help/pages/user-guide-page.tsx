import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { HelpSection } from '../components/help-section';

interface GuideSection {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: readonly GuideSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: (
      <>
        <p>
          Choose <strong>Sign up</strong> in the account menu at the top right. Pick a username,
          which others will see next to everything you post, then enter your email address and a
          password. You can instead sign up with a Google, Apple or Facebook account.
        </p>
        <p>
          We then email you a link to confirm your address. Open it, and your account is ready. If
          the email does not arrive, check your spam folder or ask for it to be sent again.
        </p>
        <p>
          To sign in later, choose <strong>Log in</strong>. Tick <em>Keep me logged in</em> on your
          own device to stay signed in for two days; leave it unticked on a shared computer.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your account safe',
    body: (
      <ul>
        <li>
          <strong>Two-factor sign-in.</strong> Switch it on in Settings. After your password, we
          email you a one-time link, and only opening it signs you in.
        </li>
        <li>
          <strong>Sessions.</strong> Settings lists every device you are signed in on and when it
          was last used. End any you do not recognise, or sign out everywhere at once.
        </li>
        <li>
          <strong>Passwords.</strong> Change yours in Settings. Forgotten it? Use{' '}
          <em>Forgot password</em> on the log-in page and we email you a reset link.
        </li>
      </ul>
    ),
  },
  {
    id: 'profile',
    title: 'Your profile and settings',
    body: (
      <p>
        Your profile page shows your username and what you have shared, so members can get to know
        you. Open{' '}
        <Link component={RouterLink} to="/setting">
          Settings
        </Link>{' '}
        from the account menu to edit your profile, change your password, turn two-factor sign-in
        and notifications on or off, and review your sessions.
      </p>
    ),
  },
  {
    id: 'discussions',
    title: 'Discussions',
    body: (
      <>
        <p>
          <Link component={RouterLink} to="/discussions">
            Discussions
          </Link>{' '}
          are the heart of Agora. Browse the latest and trending ones, or filter them by tag.
        </p>
        <ul>
          <li>
            <strong>Start one</strong> with <em>New discussion</em>: a clear title, your post and a
            few tags.
          </li>
          <li>
            <strong>Format it</strong> with Markdown: <code>**bold**</code>, <code>*italic*</code>,{' '}
            <code>[links](https://example.org)</code>, lists, quotes and code. See the{' '}
            <Link component={RouterLink} to="/faq">
              FAQ
            </Link>{' '}
            for more examples.
          </li>
          <li>
            <strong>Take part</strong> by commenting, replying to a comment and liking the posts and
            answers that helped you.
          </li>
          <li>
            <strong>Keep track</strong> with bookmarks, and find your own discussions and the ones
            you liked or commented on in your lists.
          </li>
          <li>
            <strong>Listen</strong> to the audio version of a post when reading is not handy.
          </li>
          <li>
            <strong>Report</strong> anything that breaks the community&apos;s rules; moderators
            review every report.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'polls-quizzes',
    title: 'Polls and quizzes',
    body: (
      <p>
        In{' '}
        <Link component={RouterLink} to="/polls">
          Polls
        </Link>
        , ask a question with 2 to 20 answers: single choice, several choices or a ranking (counted
        by instant runoff). Each member has one vote, which they can change or withdraw until the
        poll closes; the results move live as others vote, unless the author chose to show them only
        after voting or after closing. The trending list shows what the community is voting on now,
        and your own polls are under My content. In{' '}
        <Link component={RouterLink} to="/quizzes">
          Quizzes
        </Link>
        , answer a question once and find out at once whether you got it right, with the correct
        answer and the author&apos;s explanation. Some quizzes have a time limit: the answers
        appear, and your clock starts, when you press Start. Correct answers in a row make your
        streak; your record shows on your profile, and the leaderboard ranks the week and all time.
        Up-vote the quizzes you enjoyed. Both polls and quizzes have comments.
      </p>
    ),
  },
  {
    id: 'albums-files',
    title: 'Albums and files',
    body: (
      <>
        <p>
          In{' '}
          <Link component={RouterLink} to="/albums">
            Albums
          </Link>
          , choose <strong>New album</strong>, name it, then add pictures: choose them or drop them
          on the page. Each picture shows its own progress, and one that cannot be added (not a
          picture, too large, or no storage left) says why without stopping the others. Pictures are
          turned upright and their location data removed before anyone sees them. Open a picture to
          see it large and go through the album with the arrow keys or a swipe. Pick the
          album&apos;s thumbnail from a picture&apos;s menu, rename the album, or delete a picture
          or the whole album. Others can like, bookmark, comment on and report albums, and your
          albums show on your profile.
        </p>
        <p>
          Other files (documents, recordings) are under <strong>Your files</strong> in the account
          menu, to download or delete. Settings shows how much of your storage your files and
          pictures take.
        </p>
      </>
    ),
  },
  {
    id: 'chat',
    title: 'Chat',
    body: (
      <>
        <p>
          <Link component={RouterLink} to="/chat">
            Chat
          </Link>{' '}
          is for private one-to-one conversations. Search for a member and send your first message;
          replies arrive live, and the conversation with the newest message moves to the top. Unread
          conversations are marked until you open them.
        </p>
        <p>
          If someone bothers you, choose <strong>Block</strong> in your chat with them: they can no
          longer message you or reply to you. Unblock them from the same place, and delete a
          conversation you no longer need.
        </p>
      </>
    ),
  },
  {
    id: 'notifications',
    title: 'Notifications',
    body: (
      <p>
        The bell in the top bar leads to your{' '}
        <Link component={RouterLink} to="/notifications">
          notifications
        </Link>
        : replies, likes and other activity that concerns you. New ones arrive live; allow
        notifications in your browser to get a desktop notification too. Mark them all as read in
        one go, or switch notifications off in Settings.
      </p>
    ),
  },
  {
    id: 'search',
    title: 'Search',
    body: (
      <p>
        Type in the search field in the top bar and press Enter to look through discussions, polls,
        quizzes and members at once.
      </p>
    ),
  },
  {
    id: 'leaving',
    title: 'Deleting your account',
    body: (
      <p>
        Open Settings and choose <strong>Delete account</strong>. Your account and profile are
        removed and you are signed out on every device. This is permanent, so save anything you want
        to keep beforehand.
      </p>
    ),
  },
];

export default function UserGuidePage() {
  return (
    <PageContainer title="User guide" maxWidth="md">
      <PageHeader title="User guide">
        Everything you can do in Agora, one area at a time. Short on time? The{' '}
        <Link component={RouterLink} to="/faq">
          FAQ
        </Link>{' '}
        has quick answers.
      </PageHeader>
      <Paper
        component="nav"
        aria-labelledby="guide-contents"
        variant="outlined"
        sx={{ p: 3, mb: 5 }}
      >
        <Typography id="guide-contents" variant="h6" component="h2" sx={{ mb: 1 }}>
          Contents
        </Typography>
        <Box
          component="ol"
          sx={{ m: 0, pl: 3, columns: { xs: 1, sm: 2 }, columnGap: 4, '& li': { py: 0.25 } }}
        >
          {SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <Link href={`#${id}`}>{title}</Link>
            </li>
          ))}
        </Box>
      </Paper>
      <Box>
        {SECTIONS.map(({ id, title, body }) => (
          <HelpSection key={id} id={id} title={title}>
            {body}
          </HelpSection>
        ))}
      </Box>
    </PageContainer>
  );
}
