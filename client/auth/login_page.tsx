/** The sign-in page (SPEC §2, §7, §8): username and password, licence and error messages. */
import { type FormEvent, useState, useSyncExternalStore } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../app/api.ts";
import { describeFailure, licenceMessage } from "../app/errors.ts";
import { afterSignIn } from "../app/guard.ts";
import { AlreadyRunning } from "../app/helpers.ts";
import { licenceNoticeStore, signIn } from "../app/session.ts";
import { LazyMarkdown } from "../ui/lazy_markdown.tsx";
import { Field } from "../ui/field.tsx";

/** The sign-in form. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const licence = useSyncExternalStore(licenceNoticeStore.subscribe, licenceNoticeStore.get);
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract (and zod) load on the first submit, not with the page.
    const { SignInInput } = await import("../../contracts/auth.ts");
    const input = SignInInput.safeParse({ login, password });
    if (!input.success) {
      setError(input.error.issues.map((issue) => issue.message).join("\n"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(input.data);
      await navigate(afterSignIn(params.get("returnTo")), { replace: true });
    } catch (failure) {
      if (failure instanceof AlreadyRunning) return;
      if (failure instanceof ApiError && failure.status === 402) {
        licenceNoticeStore.set({ message: failure.message, trackerId: failure.trackerId });
      } else if (failure instanceof ApiError) {
        setError(describeFailure(failure, "sign-in").message);
      } else {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="standalone login">
      <form className="card login__card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="login__brand">
          <span className="brand__mark" aria-hidden="true">R</span>
          <h1 id="login-title">Sign in to Rotor</h1>
        </div>
        {licence && (
          <div className="notice notice--warning" role="alert" data-testid="licence-message">
            <LazyMarkdown text={licenceMessage(licence.message, licence.trackerId)} />
          </div>
        )}
        {error && (
          <div className="notice notice--error" role="alert" data-testid="sign-in-error">
            <LazyMarkdown text={error} />
          </div>
        )}
        <Field label="Username">
          <input
            name="login"
            autoComplete="username"
            autoFocus
            required
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </Field>
        <Field label="Password">
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={busy}
          aria-busy={busy}
        >
          Sign in
        </button>
      </form>
    </main>
  );
}
