import classes from './game-board.module.css';

export interface RevealedCap {
  cap: number;
  prize: { label: string; points: number };
}

interface GameBoardProps {
  caps: number;
  /** No flips allowed (no plays, pool refilling, a flip in flight or a prize on show). */
  disabled: boolean;
  /**
   * The cap of a flip whose outcome is unknown: playable even when the board is not (no plays
   * left, the pool refilling), since flipping it again only collects that flip's answer.
   */
  retryCap?: number | null;
  pendingCap: number | null;
  revealed: RevealedCap | null;
  onFlip: (cap: number) => void;
}

/**
 * The board of face-down caps: each a button named "Cap N" (keyboard playable); the chosen one
 * turns over to show the prize (no animation under prefers-reduced-motion).
 */
export function GameBoard({ caps, disabled, retryCap = null, pendingCap, revealed, onFlip }: GameBoardProps) {
  return (
    <ul className={classes.board} aria-label="Caps">
      {Array.from({ length: caps }, (_, i) => i + 1).map((cap) => {
        const shown = revealed?.cap === cap ? revealed.prize : null;
        return (
          <li key={cap}>
            <button
              type="button"
              className={classes.cap}
              aria-label={shown ? `Cap ${cap}: ${shown.label}` : `Cap ${cap}`}
              disabled={disabled && cap !== retryCap}
              data-flipped={shown ? '' : undefined}
              data-pending={pendingCap === cap ? '' : undefined}
              aria-busy={pendingCap === cap || undefined}
              onClick={() => onFlip(cap)}
            >
              <span className={classes.inner} aria-hidden="true">
                {/* Face up, the number leaves the text so the button's name still contains all it shows. */}
                <span className={`${classes.face} ${classes.down}`}>{shown ? '' : cap}</span>
                <span className={`${classes.face} ${classes.up}`} data-none={shown?.points === 0 ? '' : undefined}>
                  {shown?.label ?? ''}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
