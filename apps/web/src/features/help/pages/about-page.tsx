import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { CodeSample } from '../components/code-sample';
import { HelpSection } from '../components/help-section';

export default function AboutPage() {
  return (
    <PageContainer title="About us" maxWidth="md">
      <PageHeader title="About Agora">
        Agora is an open-source platform for communities that want a home of their own: a place to
        talk, decide, trade and keep in touch, run by the community rather than by an advertising
        business.
      </PageHeader>
      <Box>
        <HelpSection id="what" title="What Agora is">
          <p>
            The agora was the open square of an ancient Greek city, where people met to trade,
            debate and hear the news. Agora brings that square online. One account gives members:
          </p>
          <ul>
            <li>discussion forums with comments, replies, likes, bookmarks and tags;</li>
            <li>polls and quizzes, each with its own comments;</li>
            <li>photo albums, with likes and comments, and a place for your files;</li>
            <li>private one-to-one chat, with blocking;</li>
            <li>live notifications, in the page and on the desktop.</li>
          </ul>
        </HelpSection>
        <HelpSection id="open-source" title="Free and open source">
          <p>
            Agora is free software, published under the GNU Affero General Public License, version 3
            or later (AGPL). Anyone may use it, study how it works, change it and share it. If you
            run a changed version for others over a network, the AGPL asks you to offer them your
            changes too, so improvements come back to every community.
          </p>
        </HelpSection>
        <HelpSection id="self-hosting" title="Run it yourself, with one command">
          <p>
            A community can host its own Agora. With Node.js installed, one command builds the app
            and starts it:
          </p>
          <CodeSample>npm start</CodeSample>
          <p>
            That is all a small community needs. Agora then serves the site at http://localhost:8000
            and keeps its data in an embedded PostgreSQL-compatible database in a local folder;
            there is no database server to install. Emails are written to a folder until you connect
            a mail server.
          </p>
          <p>
            As a community grows, point the same app at a PostgreSQL server, add Redis so that
            several copies of Agora can run side by side, store files in S3-compatible storage and
            send mail through your SMTP server. Each is one setting, and nothing else changes.
          </p>
        </HelpSection>
        <HelpSection id="privacy" title="Privacy and safety">
          <p>
            Passwords are stored only as strong one-way hashes. Sign-ins use short-lived tokens,
            two-factor sign-in is one switch away, and every member can see their active sessions
            and end any of them. Posts are stored as written and shown with anything unsafe removed.
            Members can report content and block people who bother them.
          </p>
        </HelpSection>
        <HelpSection id="more" title="Learn more">
          <p>
            New to Agora? The{' '}
            <Link component={RouterLink} to="/userguide">
              user guide
            </Link>{' '}
            walks through every area, and the{' '}
            <Link component={RouterLink} to="/faq">
              FAQ
            </Link>{' '}
            answers the questions members ask most.
          </p>
        </HelpSection>
      </Box>
    </PageContainer>
  );
}
