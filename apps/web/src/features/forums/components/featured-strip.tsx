import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import { accentColor } from '../../../components/accent-color';
import { useGetFeaturedDiscussionsQuery } from '../forums-api';
import { compactCount } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';

/** What staff featured, as a row of cards; nothing at all when there is none or it fails. */
export function FeaturedStrip() {
  const { data: featured } = useGetFeaturedDiscussionsQuery(undefined);
  if (!featured || featured.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="featured-title" sx={{ mb: 4 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <AutoAwesomeRounded sx={(theme) => ({ fontSize: 20, ...accentColor(theme) })} />
        <Typography id="featured-title" variant="h6" component="h2">
          Featured
        </Typography>
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 1,
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '78%', sm: '44%', md: 'calc((100% - 32px) / 3)' },
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
        }}
      >
        {featured.map((discussion) => (
          <Box component="li" key={discussion.id} sx={{ scrollSnapAlign: 'start', minWidth: 0 }}>
            <Card
              sx={(theme) => ({
                height: '100%',
                background: `linear-gradient(150deg, rgba(${theme.vars.palette.primary.mainChannel} / 0.10), transparent 65%)`,
              })}
            >
              <CardActionArea
                component={RouterLink}
                to={`/discussions/${discussion.id}`}
                sx={{
                  height: '100%',
                  p: 2,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'stretch',
                }}
              >
                <Typography
                  sx={{
                    fontWeight: 700,
                    lineHeight: 1.35,
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {discussion.title}
                </Typography>
                <Box sx={{ flex: 1, minHeight: 12 }} />
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', color: 'text.secondary' }}
                >
                  <Avatar
                    name={discussion.author.username}
                    src={discussion.author.avatar}
                    size={22}
                  />
                  <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                    {discussion.author.username}
                  </Typography>
                  <FavoriteBorderRounded sx={{ fontSize: 16 }} aria-hidden />
                  <Typography variant="body2" aria-label={`${discussion.likesCount} likes`}>
                    {compactCount(discussion.likesCount)}
                  </Typography>
                  <ChatBubbleOutlineRounded sx={{ fontSize: 16 }} aria-hidden />
                  <Typography variant="body2" aria-label={`${discussion.commentsCount} comments`}>
                    {compactCount(discussion.commentsCount)}
                  </Typography>
                </Stack>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
