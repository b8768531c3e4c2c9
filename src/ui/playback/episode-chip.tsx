/** One episode's button (`episode-<n>`), the current one highlighted. */
export function EpisodeChip({ episode, current, onTap }: { episode: number; current: boolean; onTap: (episode: number) => void }) {
  return (
    <button
      type="button"
      className={`episode-chip${current ? ' episode-chip--current' : ''}`}
      data-testid={`episode-${episode}`}
      aria-current={current ? 'true' : undefined}
      onClick={() => onTap(episode)}
    >
      {episode}
    </button>
  );
}
