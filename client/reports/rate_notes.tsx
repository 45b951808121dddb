/** What converting money to the user's currency could not do exactly (issue 13 item 2). */
export function RateNotes(props: { notes: readonly string[] | undefined }) {
  if (!props.notes?.length) return null;
  return (
    <div className="notice notice--warning" role="note" data-testid="rate-notes">
      {props.notes.map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}
