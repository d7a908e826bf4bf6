import { Suspense, useCallback, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import { muiIsland } from '../../../components/mui/mui-island';
import { plainButton, startIconClass } from '../../../components/plain/button';
import { PlainIcon } from '../../../components/plain-icon';
import { displayNameOf, selectProfile } from '../../users';
import { useAppSelector } from '../../../lib/hooks';
import { HomeFeed } from './home-feed';
import { HomePanel, PanelSkeleton, panelColumnClass } from './home-panel';
import styles from './member-home.module.css';

// Chats, notifications and tags come after the list a member reads first; their lists and
// chips are MUI's, so they arrive with MUI and its theme.
const MemberPanels = muiIsland(() => import('./member-panels').then((m) => m.default));

const START = [
  { label: 'Discussion', to: '/discussions/new' },
  { label: 'Poll', to: '/polls/new' },
  { label: 'Quiz', to: '/quizzes/new' },
] as const;

function PanelsLoading() {
  return (
    <div className={panelColumnClass}>
      {['Unread chats', 'Notifications'].map((title) => (
        <HomePanel key={title} title={title}>
          <PanelSkeleton lines={2} />
        </HomePanel>
      ))}
    </div>
  );
}

/** A signed-in member's home: what is new in the community, and what waits for them. */
export function MemberHome() {
  const profile = useAppSelector(selectProfile);
  const name = profile ? displayNameOf(profile).split(' ')[0] : null;
  // On a phone the panels come under the list: shown before it, they would move when the list
  // replaces its placeholder (a short list pulls them up). Beside it, they wait for nothing.
  const [listShown, setListShown] = useState(false);
  const showPanels = useCallback(() => setListShown(true), []);

  return (
    <div className={styles.container}>
      <div className={styles.header}>
        <h1 className={styles.title}>
          {name ? 'Welcome back, ' : 'Welcome back'}
          <span className={styles.name}>{name}</span>
        </h1>
        <div role="group" aria-label="Start something" className={styles.start}>
          {START.map((start) => (
            <RouterLink
              key={start.to}
              to={start.to}
              className={plainButton({ variant: 'outlined', size: 'small' })}
            >
              <span className={startIconClass}>
                <PlainIcon name="add" size={18} />
              </span>
              {start.label}
            </RouterLink>
          ))}
        </div>
      </div>
      <div className={styles.layout}>
        <HomeFeed
          title="What’s new"
          withTrending
          onShown={showPanels}
          emptyActions={
            <>
              <RouterLink to="/discussions/new" className={plainButton({ variant: 'contained' })}>
                Start a discussion
              </RouterLink>
              <RouterLink to="/polls/new" className={plainButton({ variant: 'outlined' })}>
                Ask with a poll
              </RouterLink>
            </>
          }
        />
        <div className={listShown ? undefined : styles.hidden}>
          <Suspense fallback={<PanelsLoading />}>
            <MemberPanels />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
