import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppSelector } from '../../../lib/hooks';
import { selectProfile } from '../../users';
import { ContactForm } from '../components/contact-form';

/** /contactus: a message to the team, from members and visitors alike. */
export default function ContactPage() {
  const profile = useAppSelector(selectProfile);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A new form each time "Send another message" is chosen, and once the member's profile
  // arrives (it fills the name and address).
  const [round, setRound] = useState(0);
  const thanks = useRef<HTMLHeadingElement>(null);

  // The button that sent the message is gone: keyboard and screen-reader users land on the news.
  useEffect(() => {
    if (sentTo !== null) thanks.current?.focus();
  }, [sentTo]);

  return (
    <PageContainer title="Contact us" maxWidth="md">
      <PageHeader title="Contact us">
        A question, an idea or a problem? Write to the team: we read every message and answer by
        email. To report a post, use the flag next to it; the{' '}
        <Link component={RouterLink} to="/faq">
          FAQ
        </Link>{' '}
        may already have your answer.
      </PageHeader>
      <Paper variant="outlined" sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 4 } }}>
        {sentTo === null ? (
          <ContactForm
            key={`${round}:${profile?.id ?? 'visitor'}`}
            profile={profile}
            onSent={setSentTo}
          />
        ) : (
          <Stack
            spacing={2.5}
            role="status"
            sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}
          >
            <MarkEmailReadRounded color="primary" sx={{ fontSize: 56 }} />
            <Typography
              ref={thanks}
              tabIndex={-1}
              variant="h2"
              sx={{ fontSize: '1.375rem', fontWeight: 700 }}
            >
              Thank you, your message is on its way
            </Typography>
            <Typography>
              The team will answer at <strong>{sentTo}</strong>.
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                setSentTo(null);
                setRound((value) => value + 1);
              }}
            >
              Send another message
            </Button>
          </Stack>
        )}
      </Paper>
    </PageContainer>
  );
}
