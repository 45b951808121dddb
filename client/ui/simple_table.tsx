/** A plain `simple-table` in its scroll wrapper: column heads, then the caller's rows. */
import type { ReactNode } from "react";

/** The table; `actions` adds a last column for row buttons, named for screen readers only. */
export function SimpleTable(props: { heads: ReactNode[]; actions?: boolean; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="simple-table">
        <thead>
          <tr>
            {props.heads.map((head, i) => <th key={i} scope="col">{head}</th>)}
            {props.actions && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** The actions cell of an entity row: any extra buttons first, then edit and archive. */
export function EditArchiveCell(props: {
  editLabel: string;
  onEdit: () => void;
  onArchive: () => void;
  children?: ReactNode;
}) {
  return (
    <td className="simple-table__actions">
      {props.children}
      <button type="button" className="btn btn--small" onClick={props.onEdit}>
        {props.editLabel}
      </button>
      <button type="button" className="btn btn--small btn--danger-ghost" onClick={props.onArchive}>
        Archive
      </button>
    </td>
  );
}
