import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import Box from '@mui/material/Box';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useToast } from '../../lib/toasts/use-toast';

export const EMPTY_SEARCH_MESSAGE = 'Type something to search.';

/** The words typed into the top bar's search, kept by the bar across its layouts. */
export interface SearchDraft {
  query: string;
  setQuery: (query: string) => void;
}

/**
 * The top bar's search words. The bar keeps them, not the field: the field moves to a row of
 * its own on phones, and a window resized across that breakpoint must not lose what was typed.
 */
export function useSearchDraft(): SearchDraft {
  const location = useLocation();
  const searched =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [query, setQuery] = useState(searched);
  // Follow the address: the results page (or going back to another search) shows its words.
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setQuery(searched);
  }
  return { query, setQuery };
}

/** The top bar's search: submitting opens `/search?q=…`. */
export function SearchForm({
  draft: { query, setQuery },
  fullWidth = false,
}: {
  draft: SearchDraft;
  fullWidth?: boolean;
}) {
  const navigate = useNavigate();
  const toast = useToast();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      toast.info(EMPTY_SEARCH_MESSAGE);
      return;
    }
    navigate({ pathname: '/search', search: new URLSearchParams({ q }).toString() });
  };

  return (
    <Box
      component="form"
      role="search"
      // Named apart from the searches of single lists (polls) on the same page.
      aria-label="Agora"
      onSubmit={submit}
      sx={{ width: fullWidth ? '100%' : { sm: 220, lg: 300 } }}
    >
      {/* A plain input: MUI's InputBase (with TextareaAutosize, 3 KB gzipped) would load on every
          page for a field the bar styles itself. The label makes the icon focus the field too. */}
      <Box
        component="label"
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          height: 40,
          px: 1.5,
          borderRadius: 999,
          bgcolor: 'action.hover',
          border: '1px solid transparent',
          color: 'text.primary',
          transition: 'border-color 150ms, background-color 150ms',
          '&:focus-within': {
            bgcolor: 'background.paper',
            borderColor: theme.vars.palette.primary.main,
          },
        })}
      >
        <SearchRounded fontSize="small" sx={{ color: 'text.secondary', mr: 1 }} />
        <Box
          component="input"
          type="search"
          placeholder="Search Agora"
          aria-label="Search Agora"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          sx={(theme) => ({
            flex: 1,
            minWidth: 0,
            height: '100%',
            p: 0,
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'inherit',
            font: 'inherit',
            fontSize: theme.typography.body1.fontSize,
            '&::placeholder': { color: 'currentColor', opacity: 0.42 },
            '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
          })}
        />
      </Box>
    </Box>
  );
}
