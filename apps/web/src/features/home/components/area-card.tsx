import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { accentColor } from '../../../components/accent-color';

export interface Area {
  title: string;
  description: string;
  to: string;
  icon: typeof SvgIcon;
}

interface AreaCardProps {
  area: Area;
  /** Spans two grid columns, so that five cards fill whole rows of two or three. */
  featured?: boolean;
}

/** One of Agora's areas on the home page, leading to it. */
export function AreaCard({ area, featured = false }: AreaCardProps) {
  const { title, description, to, icon: Icon } = area;
  return (
    <Card
      sx={{
        height: '100%',
        gridColumn: featured ? { sm: 'span 2' } : undefined,
        transition: 'border-color 150ms, box-shadow 150ms, transform 150ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: 4, transform: 'translateY(-2px)' },
      }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'stretch' }}>
        <CardContent
          sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}
        >
          <Box
            sx={(theme) => ({
              width: 48,
              height: 48,
              borderRadius: '14px',
              display: 'grid',
              placeItems: 'center',
              color: 'primary.contrastText',
              background: `linear-gradient(135deg, ${theme.vars.palette.primary.main}, ${theme.vars.palette.primary.dark})`,
            })}
          >
            <Icon />
          </Box>
          <Typography variant="h4" component="h3">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {description}
          </Typography>
          <Box
            aria-hidden
            sx={(theme) => ({
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              fontWeight: 600,
              ...accentColor(theme),
            })}
          >
            Open <ArrowForwardRounded fontSize="small" />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
