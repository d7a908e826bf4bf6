import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { PlainIcon } from '../../components/plain-icon';
import { useToast } from '../../lib/toasts/use-toast';
import styles from './search-form.module.css';

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
    <form
      role="search"
      // Named apart from the searches of single lists (polls) on the same page.
      aria-label="Agora"
      onSubmit={submit}
      className={fullWidth ? `${styles.form} ${styles.fullWidth}` : styles.form}
    >
      {/* A plain input: MUI's InputBase (with TextareaAutosize, 3 KB gzipped) would load on every
          page for a field the bar styles itself. The label makes the icon focus the field too. */}
      <label className={styles.field}>
        <PlainIcon name="searchRounded" size={20} color="var(--mui-palette-text-secondary)" />
        <input
          type="search"
          placeholder="Search Agora"
          aria-label="Search Agora"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          className={styles.input}
        />
      </label>
    </form>
  );
}
