import { Suspense, useEffect, useRef, useState } from 'react';
import { muiIsland } from '../../../../components/mui/mui-island';
import { PlainIcon } from '../../../../components/plain-icon';
import { plainButton, startIconClass } from '../../../../components/plain/button';
import styles from './audio-player.module.css';

// The speed menu (MUI's select) downloads when a member first opens the player.
const AudioSpeed = muiIsland(() => import('./audio-speed').then((module) => module.AudioSpeed));

/**
 * "Listen" reveals the browser's own player (play, pause, seek, volume) and starts it; the
 * speed applies to this player and survives the source reloading. Without a `src` yet (its
 * address is on its way) the button holds its place, disabled.
 */
export function AudioPlayer({ src, label }: { src: string | null; label: string }) {
  const [open, setOpen] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!audio.current) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both.
    audio.current.defaultPlaybackRate = rate;
    audio.current.playbackRate = rate;
  }, [rate, open, src]);

  if (!open) {
    return (
      <button
        type="button"
        className={`${plainButton({ variant: 'contained' })} ${styles.listen}`}
        onClick={() => setOpen(true)}
        disabled={src === null}
      >
        <span className={startIconClass}>
          <PlainIcon name="headphonesRounded" size={20} />
        </span>
        Listen
      </button>
    );
  }

  return (
    <div className={styles.player}>
      <audio
        ref={audio}
        className={styles.audio}
        controls
        autoPlay
        preload="metadata"
        src={src ?? undefined}
        aria-label={label}
      />
      <Suspense fallback={<span className={styles.speedPlaceholder} />}>
        <AudioSpeed rate={rate} onChange={setRate} />
      </Suspense>
    </div>
  );
}
