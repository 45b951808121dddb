/**
 * A tracking answer as plain values (status, headers, body), made into a
 * `Response` by whichever route answered (the fast paths or the app).
 */

export type PlainAnswer = {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Text (UTF-8) or none. */
  body: string | null;
};

/** The answer as a `Response`. */
export function toResponse(answer: PlainAnswer): Response {
  // The Response copies the headers into its own list: no copy here.
  return new Response(answer.body, {
    status: answer.status,
    headers: answer.headers as Record<string, string>,
  });
}
