import { Suspense, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import type { Discussion } from '@agora/shared';
import { muiIsland } from '../../../components/mui/mui-island';
import { PlainIcon } from '../../../components/plain-icon';
import { plainButton, plainIconButton, startIconClass } from '../../../components/plain/button';
import styles from './author-tools.module.css';

// The menu and its dialogs (MUI) download when the author first opens the menu.
const AuthorToolsMenu = muiIsland(() =>
  import('./author-tools-menu').then((module) => module.AuthorToolsMenu),
);

/**
 * The author's edit, and a menu to archive or delete. The buttons are plain elements drawn with
 * the discussion; the menu is an island, so nothing moves while it loads.
 */
export function AuthorTools({ discussion }: { discussion: Discussion }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const editable = discussion.status === 'draft' || discussion.status === 'published';

  return (
    <div className={styles.tools}>
      {editable && (
        <RouterLink
          to={`/discussions/${discussion.id}/edit`}
          className={plainButton({ variant: 'outlined', size: 'small' })}
        >
          <span className={startIconClass}>
            <PlainIcon name="editRounded" size={18} />
          </span>
          Edit
        </RouterLink>
      )}
      <button
        type="button"
        className={plainIconButton()}
        aria-label="More actions"
        aria-haspopup="menu"
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <PlainIcon name="moreVertRounded" size={24} />
      </button>
      {used && (
        <Suspense fallback={null}>
          <AuthorToolsMenu
            discussion={discussion}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
