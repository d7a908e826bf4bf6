import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';

interface TabStripProps<T extends string> {
  /** The tabs' accessible name. */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  sx?: SxProps<Theme>;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs that switch what one list shows, drawn as MUI's Tabs are, for a page's first
 * load: a fraction of their code (no scroll buttons, no measured indicator). A tablist of
 * tabs: Tab reaches the selected one, the arrow keys, Home and End move between them, Enter or
 * Space selects.
 */
export function TabStrip<T extends string>({ label, tabs, value, onChange, sx }: TabStripProps<T>) {
  const list = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = buttons.findIndex((button) => button === document.activeElement);
    if (!next || index < 0) return;
    event.preventDefault();
    buttons[next(index, buttons.length)]?.focus();
  };

  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      sx={[{ display: 'flex' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            sx={(theme) => ({
              ...theme.typography.button,
              minWidth: 90,
              minHeight: 48,
              px: 2,
              py: 1.5,
              color: selected ? theme.vars.palette.primary.main : theme.vars.palette.text.secondary,
              boxShadow: selected ? `inset 0 -2px ${theme.vars.palette.primary.main}` : 'none',
              transition: theme.transitions.create(['color', 'box-shadow'], {
                duration: theme.transitions.duration.short,
              }),
              '&.Mui-focusVisible': {
                outline: `2px solid ${theme.vars.palette.primary.main}`,
                outlineOffset: -2,
              },
            })}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
