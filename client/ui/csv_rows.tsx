/**
 * CSV uploads that are checked first and applied whole (cost updates,
 * conversions): the rows' state and calls, the file picker and rows box, the
 * refused rows by line, and the Check / Apply buttons.
 */
import { useState } from "react";
import type { ZodType } from "zod";
import { type RouteDecl, routePath } from "../../contracts/route.ts";
import { api } from "../app/api.ts";
import { notifyError } from "../app/toasts.tsx";

/** The fields of an upload besides its rows and the dry-run flag. */
type Rest<Body> = Omit<Body, "csv" | "dryRun">;

/**
 * A declared upload (`COST_ROUTES.csv`, `CONVERSION_ROUTES.upload`): it takes
 * `{ csv, dryRun, ...rest }` and answers whether it applied them.
 */
type CsvUploadRoute<Body, T> = RouteDecl & {
  path: `/api/${string}`;
  body: ZodType<unknown, Body>;
  answer: ZodType<T>;
};

/** The rows, the last answer, and `send(dryRun)` posting `{ csv, dryRun, ...body }` to `decl`. */
export function useCsvUpload<
  Body extends { csv: string; dryRun?: boolean },
  T extends { applied: boolean },
>(
  decl: CsvUploadRoute<Body, T>,
  options: { body: Rest<Body>; onApplied: (answer: T) => Promise<unknown> | void },
) {
  const [csv, setRows] = useState("");
  const [answer, setAnswer] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const setCsv = (value: string) => {
    setRows(value);
    setAnswer(null);
  };
  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      // `call` cannot prove that the spread is a `Body` for every `Body`: the same call by path.
      const result = await api(routePath(decl), {
        method: decl.method,
        schema: decl.answer,
        body: { ...options.body, csv, dryRun },
      });
      setAnswer(result);
      if (result.applied) await options.onApplied(result);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return { csv, setCsv, answer, busy, send };
}

/** Check (a dry run) and Apply (only after a clean check, once). */
export function CsvActions(props: {
  upload: { csv: string; answer: { applied: boolean } | null; busy: boolean };
  refused: number;
  send: (dryRun: boolean) => Promise<void>;
}) {
  const { csv, answer, busy } = props.upload;
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={busy || !csv}
        onClick={() => void props.send(true)}
      >
        Check
      </button>
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy || !answer || props.refused > 0 || answer.applied}
        onClick={() => void props.send(false)}
      >
        Apply
      </button>
    </>
  );
}

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
