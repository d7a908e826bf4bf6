import type { Discussion } from '@agora/shared';
import { useToast } from '../../../lib/toasts/use-toast';
import { PlainIcon } from '../../../components/plain-icon';
import { apiFailure } from '../../auth';
import { useVoteDiscussionPollMutation } from '../forums-api';
import { plural } from '../../../lib/format';
import { useSignInGate } from '../../content';
import paper from '../../../components/plain/paper.module.css';
import styles from './poll-card.module.css';

/** Whole-number percentages of `total`. */
function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}

/**
 * The discussion's poll: bars with live percentages; a click votes or moves the vote. Plain
 * elements: it sits on the discussion's first screen.
 */
export function PollCard({ discussion }: { discussion: Discussion }) {
  const toast = useToast();
  const signedIn = useSignInGate();
  const [vote, { isLoading }] = useVoteDiscussionPollMutation();
  const choices = discussion.pollChoices;
  const total = choices.reduce((sum, choice) => sum + choice.votesCount, 0);
  const voted = choices.find((choice) => choice.isVoted);
  const open = discussion.status === 'published';

  const onVote = async (choice: number) => {
    if (!signedIn('vote')) return;
    try {
      await vote({ forum: discussion.id, choice }).unwrap();
    } catch (error) {
      toast.error(apiFailure(error).message);
    }
  };

  return (
    <section className={`${paper.outlined} ${styles.card}`} aria-labelledby="poll-title">
      <div className={styles.header}>
        <span className={styles.icon}>
          <PlainIcon name="poll" size={24} />
        </span>
        <h2 id="poll-title" className={styles.title}>
          Poll
        </h2>
        <p className={styles.note} aria-live="polite">
          {plural(total, 'vote')}
        </p>
      </div>
      <div className={styles.choices}>
        {choices.map((choice) => {
          const percent = percentOf(choice.votesCount, total);
          return (
            <button
              key={choice.id}
              type="button"
              className={choice.isVoted ? `${styles.choice} ${styles.voted}` : styles.choice}
              aria-pressed={choice.isVoted}
              aria-label={`${choice.text}: ${percent}%, ${plural(choice.votesCount, 'vote')}`}
              disabled={!open || isLoading}
              onClick={() => void onVote(choice.id)}
            >
              <span aria-hidden className={styles.fill} style={{ width: `${percent}%` }} />
              <span className={styles.row}>
                {choice.isVoted && (
                  <span className={styles.check}>
                    <PlainIcon name="checkCircleRounded" size={20} />
                  </span>
                )}
                <span className={styles.text}>{choice.text}</span>
                <span aria-hidden className={styles.percent}>
                  {percent}%
                </span>
              </span>
            </button>
          );
        })}
      </div>
      <p className={`${styles.note} ${styles.footer}`}>
        {!open
          ? 'Voting is closed for this discussion.'
          : voted
            ? `You voted for “${voted.text}”. Choose another answer to move your vote.`
            : 'Choose an answer to vote. You can change your vote later.'}
      </p>
    </section>
  );
}
