import { Link as RouterLink } from '../../../lib/router';
import { AgoraLogo } from '../../../components/agora-logo';
import { plainButton } from '../../../components/plain/button';
import { AreaCard } from './area-card';
import type { Area } from './area-card';
import { HomeFeed } from './home-feed';
import styles from './landing.module.css';

const AREAS: readonly Area[] = [
  {
    title: 'Discussions',
    description:
      'Start a thread about anything your community cares about. Reply in Markdown, like the answers that helped, follow tags and bookmark the conversations worth keeping.',
    to: '/discussions',
    icon: 'forum',
  },
  {
    title: 'Polls & quizzes',
    description:
      'Ask what the community thinks with a poll, or test what it knows with a quiz, and talk about the results.',
    to: '/polls',
    icon: 'pollRounded',
  },
  {
    title: 'Chat',
    description:
      'Private one-to-one conversations that arrive live. Block anyone who bothers you, at any time.',
    to: '/chat',
    icon: 'chat',
  },
  {
    title: 'Albums',
    description:
      'Share photo albums of trips, events and projects. Pictures are turned upright and their location data removed before anyone sees them.',
    to: '/albums',
    icon: 'photoLibrary',
  },
];

function Hero() {
  return (
    <section aria-labelledby="home-title" className={styles.hero}>
      <div className={`${styles.container} ${styles.heroGrid}`}>
        <div>
          <span className={styles.overline}>Open-source community platform</span>
          <h1 id="home-title" className={styles.title}>
            Welcome to Agora, where your community meets.
          </h1>
          <p className={styles.lead}>
            Discussions, polls, quizzes, photo albums and private chat, together in one friendly
            place. Ask questions, share what you know and get to know the people around you.
          </p>
          <div className={styles.actions}>
            <RouterLink
              to="/discussions"
              className={plainButton({ variant: 'contained', size: 'large' })}
            >
              Browse discussions
            </RouterLink>
            <RouterLink
              to="/register"
              className={plainButton({ variant: 'outlined', size: 'large' })}
            >
              Join Agora — sign up free
            </RouterLink>
          </div>
          <p className={styles.small}>
            Already a member?{' '}
            <RouterLink to="/login" className={styles.link}>
              Log in
            </RouterLink>
          </p>
        </div>
        <div aria-hidden className={styles.art}>
          <div className={styles.glow} />
          <AgoraLogo
            size={200}
            title=""
            style={{
              position: 'relative',
              filter: 'drop-shadow(0 24px 48px rgba(83, 72, 198, 0.35))',
            }}
          />
        </div>
      </div>
    </section>
  );
}

/**
 * The home page for visitors: what Agora is, what is happening in it, and how to join. Plain
 * elements and a CSS module: it is the first screen most newcomers see.
 */
export function Landing() {
  return (
    <>
      <Hero />
      <div className={`${styles.container} ${styles.feed}`}>
        <HomeFeed
          title="Recent in the community"
          emptyActions={
            <RouterLink to="/register" className={plainButton({ variant: 'contained' })}>
              Sign up and post the first one
            </RouterLink>
          }
        />
      </div>
      <section aria-labelledby="areas-title" className={`${styles.container} ${styles.areas}`}>
        <h2 id="areas-title" className={styles.areasTitle}>
          Everything your community needs
        </h2>
        <p className={styles.areasLead}>
          Pick a place to start: reading is open to everyone, taking part needs a free account.
        </p>
        <div className={styles.areaGrid}>
          {AREAS.map((area, index) => (
            // The first and the last take two columns, so every row of the grid is full.
            <AreaCard
              key={area.to}
              area={area}
              featured={index === 0 || index === AREAS.length - 1}
            />
          ))}
        </div>
      </section>
      <div className={`${styles.container} ${styles.closing}`}>
        <div className={styles.panel}>
          <div>
            <h2>Open source, and yours to run</h2>
            <p>
              Agora is free software under the GNU AGPL. Any community can host its own copy with a
              single command, on a small server or scaled out across many.
            </p>
          </div>
          <div className={styles.panelActions}>
            <RouterLink to="/aboutus" className={plainButton({ variant: 'outlined' })}>
              About Agora
            </RouterLink>
            <RouterLink to="/userguide" className={plainButton()}>
              Read the user guide
            </RouterLink>
          </div>
        </div>
      </div>
    </>
  );
}
