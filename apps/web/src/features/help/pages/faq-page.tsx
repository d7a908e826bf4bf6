import type { ReactNode } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { CodeSample } from '../components/code-sample';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

interface Topic {
  id: string;
  title: string;
  questions: readonly Question[];
}

const TOPICS: readonly Topic[] = [
  {
    id: 'account',
    title: 'Your account',
    questions: [
      {
        id: 'sign-up',
        question: 'How do I sign up?',
        answer: (
          <p>
            Open the account menu at the top right and choose <strong>Sign up</strong>, or go
            straight to the{' '}
            <Link component={RouterLink} to="/register">
              sign-up page
            </Link>
            . Pick a username, enter your email address and choose a password. You can also join
            with your Google, Apple or Facebook account; Agora then uses that account to sign you
            in.
          </p>
        ),
      },
      {
        id: 'verify-email',
        question: 'Why do I have to verify my email address?',
        answer: (
          <p>
            After you sign up we email you a confirmation link. Opening it proves the address is
            yours, so we can send you password-reset links and notifications, and it keeps throwaway
            accounts out. If the email does not arrive within a few minutes, check your spam folder,
            then ask for it to be sent again from the sign-in page.
          </p>
        ),
      },
      {
        id: 'two-factor',
        question: 'How do I turn on two-factor sign-in?',
        answer: (
          <p>
            Open{' '}
            <Link component={RouterLink} to="/setting">
              Settings
            </Link>{' '}
            and switch on <strong>two-factor authentication</strong>. From then on, after you enter
            your password we email you a one-time sign-in link, and you are signed in only once you
            open it. Even someone who knows your password cannot get in without access to your
            inbox.
          </p>
        ),
      },
      {
        id: 'keep-me-logged-in',
        question: 'What does “Keep me logged in” do?',
        answer: (
          <p>
            When it is ticked, you stay signed in on that browser for two days, even if you close
            it. When it is not, you are signed out as soon as the browser closes, which is the safer
            choice on a shared computer.
          </p>
        ),
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. What now?',
        answer: (
          <p>
            On the{' '}
            <Link component={RouterLink} to="/login">
              log-in page
            </Link>
            , choose <strong>Forgot password</strong> and enter your email address. We send you a
            link to choose a new password. If you are signed in and just want a new one, change it
            in Settings.
          </p>
        ),
      },
      {
        id: 'sessions',
        question: 'Can I see where I am signed in?',
        answer: (
          <p>
            Yes. Settings lists your sessions with the device, the network address and when each was
            last used. End any session you do not recognise, or sign out of every device at once,
            and then change your password.
          </p>
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: (
          <p>
            Open Settings and choose <strong>Delete account</strong>, then confirm. Your account and
            profile are removed and you are signed out on every device. This cannot be undone, so
            save anything you want to keep first.
          </p>
        ),
      },
    ],
  },
  {
    id: 'content',
    title: 'Discussions, polls and quizzes',
    questions: [
      {
        id: 'start-discussion',
        question: 'How do I start a discussion?',
        answer: (
          <p>
            Go to{' '}
            <Link component={RouterLink} to="/discussions">
              Discussions
            </Link>{' '}
            and choose <strong>New discussion</strong>. Give it a title that says what you want to
            talk about, write your post and add a few tags. Others can then comment, reply to
            comments and like what they find helpful.
          </p>
        ),
      },
      {
        id: 'markdown',
        question: 'Can I format my posts?',
        answer: (
          <>
            <p>
              Yes, posts and comments are written in Markdown, a simple way of formatting plain
              text:
            </p>
            <CodeSample>
              {[
                '**bold** and *italic*',
                '[a link](https://example.org)',
                '- a bulleted list',
                '1. a numbered list',
                '> a quotation',
                '`inline code`, or a block fenced with ```',
              ].join('\n')}
            </CodeSample>
            <p>Your post is shown formatted; anything unsafe, such as scripts, is removed.</p>
          </>
        ),
      },
      {
        id: 'tags',
        question: 'What are tags for?',
        answer: (
          <p>
            Tags are short topic labels such as “gardening” or “events”. Add a few to each
            discussion, poll or quiz so people interested in that topic can find it, and use them
            yourself to narrow down what you see.
          </p>
        ),
      },
      {
        id: 'polls-quizzes',
        question: 'How do polls and quizzes work?',
        answer: (
          <p>
            A poll asks a question with several choices; each member has one vote, which they can
            change or withdraw while the poll is open, and sees how the community answered (some
            polls show the results only after voting or after closing). A quiz has a correct answer
            (or several): give yours, once, then find out whether you were right and why. Nobody
            sees the correct answer before answering, and a timed quiz counts only answers given in
            time. Both have comments, so the conversation can carry on.
          </p>
        ),
      },
      {
        id: 'bookmarks',
        question: 'How do I save a post for later?',
        answer: (
          <p>
            Use the bookmark button on any discussion. Everything you have bookmarked is collected
            in your bookmarks list, next to the lists of discussions you posted, liked or commented
            on.
          </p>
        ),
      },
      {
        id: 'report',
        question: 'How do I report something that breaks the rules?',
        answer: (
          <p>
            Choose <strong>Report</strong> on the discussion or comment and tell us briefly what is
            wrong. The moderators review every report. If the problem is a person messaging you, you
            can also block them in Chat.
          </p>
        ),
      },
      {
        id: 'audio',
        question: 'Can I listen to a discussion instead of reading it?',
        answer: (
          <p>
            Yes. Discussions can have an audio version: press play to hear the post read aloud,
            handy on the go or if reading on screen is tiring.
          </p>
        ),
      },
    ],
  },
  {
    id: 'chat',
    title: 'Chat and notifications',
    questions: [
      {
        id: 'message',
        question: 'How do I send someone a private message?',
        answer: (
          <p>
            Open{' '}
            <Link component={RouterLink} to="/chat">
              Chat
            </Link>
            , search for the member and write your first message. Conversations are one to one,
            messages arrive live, and the chat with the newest message is always at the top.
          </p>
        ),
      },
      {
        id: 'block',
        question: 'How do I block someone?',
        answer: (
          <p>
            In your chat with them, choose <strong>Block</strong>. They can no longer message you or
            reply to you. You can unblock them from the same place whenever you like.
          </p>
        ),
      },
      {
        id: 'notifications',
        question: 'How do notifications work?',
        answer: (
          <p>
            The bell in the top bar shows what happened while you were away: replies, likes and
            more. If you allow it in your browser, Agora also shows a desktop notification as soon
            as something new arrives. You can switch notifications off in Settings.
          </p>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <PageContainer title="FAQ" maxWidth="md">
      <PageHeader title="Frequently asked questions">
        Quick answers about accounts, discussions, chat and more. For a full tour, read the{' '}
        <Link component={RouterLink} to="/userguide">
          user guide
        </Link>
        .
      </PageHeader>
      {TOPICS.map((topic) => (
        <Box
          key={topic.id}
          component="section"
          aria-labelledby={`faq-${topic.id}`}
          sx={{ '& + &': { mt: 5 } }}
        >
          <Typography id={`faq-${topic.id}`} variant="h3" component="h2" sx={{ mb: 2 }}>
            {topic.title}
          </Typography>
          {topic.questions.map(({ id, question, answer }) => (
            <Accordion key={id}>
              <AccordionSummary
                expandIcon={<ExpandMoreRounded />}
                id={`faq-${id}-header`}
                aria-controls={`faq-${id}-content`}
                sx={{ px: 2.5, py: 0.5, '& .MuiAccordionSummary-content': { my: 1.5 } }}
              >
                <Typography sx={{ fontWeight: 600 }}>{question}</Typography>
              </AccordionSummary>
              <AccordionDetails
                id={`faq-${id}-content`}
                sx={{
                  px: 2.5,
                  pt: 0,
                  pb: 2.5,
                  color: 'text.secondary',
                  '& p': { m: 0, lineHeight: 1.7 },
                  '& p + p, & pre + p': { mt: 1.5 },
                  '& p + pre': { mt: 1.5 },
                }}
              >
                {answer}
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
    </PageContainer>
  );
}
