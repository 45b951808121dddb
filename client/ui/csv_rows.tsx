/** CSV rows to upload: pick a file or paste the rows; the refused rows listed by line. */

/** The file picker and the rows box; a new file or an edit replaces `value`. */
export function CsvRowsInput(props: {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="field">
        <span className="field__label">CSV file</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void e.target.files?.[0]?.text().then(props.onChange)}
        />
      </label>
      <label className="field">
        <span className="field__label">Rows</span>
        <textarea
          rows={6}
          value={props.value}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
    </>
  );
}

/** The rows a check refused, each with its line and reason. */
export function CsvRowErrors(props: {
  rows: ReadonlyArray<{ line: number; error?: string }>;
  testId: string;
}) {
  if (props.rows.length === 0) return null;
  return (
    <ul className="errors" data-testid={props.testId}>
      {props.rows.map((r) => <li key={r.line}>Line {r.line}: {r.error}</li>)}
    </ul>
  );
}
