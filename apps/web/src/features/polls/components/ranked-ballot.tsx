import { useId, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import type { PollOption } from '@agora/shared';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import { screenReaderOnly } from '../../../components/screen-reader-only';

interface RankedBallotProps {
  /** The poll's options, by id. */
  options: PollOption[];
  /** The option ids, most preferred first. */
  order: number[];
  onChange: (order: number[]) => void;
  disabled?: boolean;
  /** Names the list for assistive technology. */
  label: string;
}

function moved(order: number[], from: number, to: number): number[] {
  const next = [...order];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/**
 * A ranked-choice ballot: the options in order of preference, reordered by dragging with the
 * mouse, by Alt (or Ctrl) + Arrow Up/Down on a focused item, or with each item's up and down
 * buttons. Every move is announced through a polite live region.
 */
export function RankedBallot({
  options,
  order,
  onChange,
  disabled = false,
  label,
}: RankedBallotProps) {
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const items = useRef(new Map<number, HTMLLIElement>());
  const helpId = useId();
  const textOf = (id: number) => options.find((option) => option.id === id)?.text ?? '';

  const move = (from: number, to: number, keepFocus: 'item' | 'none') => {
    if (to < 0 || to >= order.length || from === to) return;
    const id = order[from];
    if (id === undefined) return;
    onChange(moved(order, from, to));
    setAnnouncement(`${textOf(id)} moved to position ${to + 1} of ${order.length}.`);
    // The moved item keeps the keyboard focus, so it can be moved again at once.
    if (keepFocus === 'item') requestAnimationFrame(() => items.current.get(id)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget || disabled) return;
    if (!(event.altKey || event.ctrlKey)) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1, 'item');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1, 'item');
    }
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, index, 'none');
    setDragging(null);
  };

  return (
    <Box>
      <Typography id={helpId} variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Put your favourite first: drag the options, or focus one and press Alt + ↑ / ↓, or use the
        arrow buttons.
      </Typography>
      <Stack
        component="ol"
        aria-label={label}
        aria-describedby={helpId}
        spacing={1}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {order.map((id, index) => {
          const text = textOf(id);
          return (
            <Box
              component="li"
              key={id}
              ref={(node: HTMLLIElement | null) => {
                if (node) items.current.set(id, node);
                else items.current.delete(id);
              }}
              tabIndex={disabled ? -1 : 0}
              aria-label={`${index + 1}. ${text}`}
              draggable={!disabled}
              onDragStart={(event: DragEvent<HTMLLIElement>) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(id));
                setDragging(index);
              }}
              onDragOver={(event: DragEvent<HTMLLIElement>) => {
                if (dragging !== null) event.preventDefault();
              }}
              onDrop={(event: DragEvent<HTMLLIElement>) => onDrop(event, index)}
              onDragEnd={() => setDragging(null)}
              onKeyDown={(event: KeyboardEvent<HTMLLIElement>) => onKeyDown(event, index)}
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                pl: 1,
                pr: 0.5,
                py: 0.5,
                borderRadius: '10px',
                border: `1.5px solid ${theme.vars.palette.divider}`,
                bgcolor: 'background.paper',
                cursor: disabled ? 'default' : 'grab',
                opacity: dragging === index ? 0.5 : 1,
                '&:focus-visible': {
                  outline: `2px solid ${theme.vars.palette.primary.main}`,
                  outlineOffset: 2,
                },
              })}
            >
              <DragIndicatorRounded aria-hidden sx={{ color: 'text.disabled' }} />
              <Typography
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  flexShrink: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: '0.875rem',
                  bgcolor: 'action.selected',
                }}
              >
                {index + 1}
              </Typography>
              <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {text}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Move ${text} up`}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1, 'none')}
              >
                <KeyboardArrowUpRounded />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move ${text} down`}
                disabled={disabled || index === order.length - 1}
                onClick={() => move(index, index + 1, 'none')}
              >
                <KeyboardArrowDownRounded />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Box role="status" aria-live="polite" sx={screenReaderOnly}>
        {announcement}
      </Box>
    </Box>
  );
}
