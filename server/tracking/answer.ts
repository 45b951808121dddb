/**
 * A tracking answer as plain values (status, headers, body): the fast paths
 * write it straight to node:http's response (raw_click.ts), everything else
 * turns it into a `Response`.
 */
import { Buffer } from "node:buffer";
import type { ServerResponse } from "node:http";

export type PlainAnswer = {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Text (UTF-8) or none. */
  body: string | null;
};

/** The answer as a `Response`. */
export function toResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: { ...answer.headers } });
}

/**
 * Writes the answer to a node:http response in one go (head and body
 * together). The headers go as one flat name, value list: node:http takes it
 * as it is, without the copy a header object with `Content-Length` added costs.
 */
export function writeAnswer(res: ServerResponse, answer: PlainAnswer): void {
  if (res.destroyed) return; // the client left while its click committed
  const headers: string[] = [];
  for (const name in answer.headers) headers.push(name, answer.headers[name]);
  if (answer.body === null) {
    // A length, not chunked encoding: the head is then the whole answer.
    headers.push("Content-Length", "0");
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  headers.push("Content-Length", String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}
