/** The up, down and remove buttons of one card in an ordered list (rules, paths). */

/** Item `index` of `count` in an ordered list, with its move and remove actions. */
export interface Movable {
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

/** Move up / move down / remove; `noun` names the item for screen readers. */
export function MoveButtons(props: Movable & { noun: string }) {
  return (
    <>
      <button
        type="button"
        className="btn btn--small btn--icon"
        aria-label={`Move ${props.noun} up`}
        disabled={props.index === 0}
        onClick={() => props.onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn--small btn--icon"
        aria-label={`Move ${props.noun} down`}
        disabled={props.index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn--small btn--icon"
        aria-label={`Remove ${props.noun} ${props.index + 1}`}
        onClick={props.onRemove}
      >
        ×
      </button>
    </>
  );
}
