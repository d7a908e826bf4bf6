import { Link as RouterLink } from '../../../lib/router';
import { CONTENT_MODEL_LABELS, REPORT_REASON_LABELS } from '@agora/shared';
import type { ModerationDecisionKind, ReportedObject } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagRounded from '@mui/icons-material/FlagRounded';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import type { RestrictionKind } from '../staff-api';

const STATE_CHIPS = {
  visible: { label: 'Visible', color: 'default' },
  hidden: { label: 'Hidden by reports', color: 'warning' },
  deleted: { label: 'Deleted by its author', color: 'default' },
} as const;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface ReportedItemProps {
  item: ReportedObject;
  /** The decision being sent for this item, if any. */
  pending: ModerationDecisionKind | null;
  onDecide: (decision: ModerationDecisionKind) => void;
  /** Opens the silence or suspend dialog for the item's author. */
  onRestrictAuthor: (kind: RestrictionKind) => void;
}

/** One reported object in the queue: what it is, who reported it and why, and the decisions. */
export function ReportedItem({ item, pending, onDecide, onRestrictAuthor }: ReportedItemProps) {
  const headingId = `reported-${item.model}-${item.id}`;
  const state = STATE_CHIPS[item.state];
  const kind = CONTENT_MODEL_LABELS[item.model];
  const heading = item.model === 'forum' ? item.title : `${kind} on “${item.title}”`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Chip size="small" label={kind} variant="outlined" />
        <Chip
          size="small"
          color={state.color}
          icon={item.state === 'hidden' ? <VisibilityOffRounded /> : <VisibilityRounded />}
          label={state.label}
        />
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<FlagRounded />}
          label={`${item.openReports} ${item.openReports === 1 ? 'report' : 'reports'}`}
        />
      </Stack>
      <Typography
        id={headingId}
        variant="h6"
        component="h2"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {item.url ? (
          <Link component={RouterLink} to={item.url} underline="hover" color="inherit">
            {heading}
          </Link>
        ) : (
          heading
        )}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {item.author ? `by @${item.author.username} · ` : ''}first reported{' '}
        {when.format(new Date(item.firstReportedAt))}
      </Typography>
      {item.excerpt && (
        <Typography
          sx={{
            mt: 1.5,
            pl: 1.5,
            borderLeft: 3,
            borderColor: 'divider',
            color: 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          {item.excerpt}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={`Reports about this ${kind.toLowerCase()}`}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}
      >
        {item.reports.map((report) => (
          <Box
            component="li"
            key={`${report.reporter.id}-${report.createdAt}`}
            sx={{ bgcolor: 'action.hover', borderRadius: '10px', px: 1.5, py: 1 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {REPORT_REASON_LABELS[report.reason]}
              <Typography component="span" variant="body2" color="textSecondary">
                {' '}
                · @{report.reporter.username} · {when.format(new Date(report.createdAt))}
              </Typography>
            </Typography>
            {report.details && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {report.details}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Stack
        direction="row"
        sx={{
          mt: 2.5,
          flexWrap: 'wrap',
          gap: 1.5,
          justifyContent: 'flex-end',
          alignItems: 'center',
        }}
      >
        {item.author && (
          <Stack direction="row" sx={{ gap: 1, mr: 'auto', flexWrap: 'wrap' }}>
            <Button
              size="small"
              onClick={() => onRestrictAuthor('silence')}
              aria-describedby={headingId}
            >
              Silence author
            </Button>
            <Button
              size="small"
              onClick={() => onRestrictAuthor('suspend')}
              aria-describedby={headingId}
            >
              Suspend author
            </Button>
          </Stack>
        )}
        <Button
          variant="outlined"
          disabled={pending !== null}
          loading={pending === 'dismiss'}
          onClick={() => onDecide('dismiss')}
          aria-describedby={headingId}
        >
          Dismiss
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={pending !== null}
          loading={pending === 'hide'}
          onClick={() => onDecide('hide')}
          aria-describedby={headingId}
        >
          Hide
        </Button>
      </Stack>
    </Paper>
  );
}
