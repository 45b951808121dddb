/** The form's dry run: when the trigger, as it stands in the form, would have fired (7 days). */
import { useState } from "react";
import type { DryRunAnswer } from "../../contracts/trigger.ts";
import { TriggerInput } from "../../contracts/trigger.ts";
import { notifyError } from "../app/toasts.tsx";
import { formatStamp } from "../ui/format.ts";
import { useForm } from "../ui/form_state.ts";
import { dryRun } from "./api.ts";

/** The dry-run section: a button, then the would-be firings. */
export function DryRun() {
  const { values } = useForm();
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    const parsed = TriggerInput.safeParse(values);
    if (!parsed.success) {
      notifyError(new Error(`Fix the form first: ${parsed.error.issues[0]?.message ?? ""}`));
      return;
    }
    setRunning(true);
    try {
      setAnswer(await dryRun(parsed.data));
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="section card" aria-label="Dry run">
      <h3 className="section__title">Dry run</h3>
      <p className="muted">
        When this trigger would have fired over the last 7 days, from stored data.
      </p>
      <button type="button" className="btn" disabled={running} onClick={() => void run()}>
        {running ? "Running…" : "Run dry run"}
      </button>
      {answer && (
        <div data-testid="dry-run">
          <p>
            {answer.fires.length === 0
              ? "It would not have fired."
              : `It would have fired ${answer.fires.length} time${
                answer.fires.length === 1 ? "" : "s"
              } (checked every ${answer.stepMinutes} min).`}
          </p>
          {answer.skipped.map((s) => <p key={s} className="muted">{s}</p>)}
          <ul className="trigger-fires">
            {answer.fires.slice(0, 200).map((f, i) => (
              <li key={i}>
                <strong>{formatStamp(f.ts)}</strong> {f.label}: {f.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
