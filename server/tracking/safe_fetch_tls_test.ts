import assert from "node:assert/strict";
import { formatIp, type IpAddress } from "./ip.ts";
import { safeFetch } from "./safe_fetch.ts";

/** Runs openssl in `dir`; throws with its message when it fails. */
async function openssl(dir: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("openssl", { args, cwd: dir, stderr: "piped" }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

/** A test CA and a server certificate it signed for `hostName`. */
async function testPki(hostName: string) {
  const dir = await Deno.makeTempDir();
  try {
    await openssl(
      dir,
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-days",
      "2",
      "-subj",
      "/CN=Rotor test CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign",
    );
    await openssl(
      dir,
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "server.key",
      "-out",
      "server.csr",
      "-subj",
      `/CN=${hostName}`,
    );
    await Deno.writeTextFile(
      `${dir}/ext.cnf`,
      `subjectAltName=DNS:${hostName}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`,
    );
    await openssl(
      dir,
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "server.pem",
      "-days",
      "2",
      "-extfile",
      "ext.cnf",
    );
    const read = (f: string) => Deno.readTextFile(`${dir}/${f}`);
    return {
      ca: await read("ca.pem"),
      cert: await read("server.pem"),
      key: await read("server.key"),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A loopback HTTPS listener presenting `cert`, recording what it was asked. */
function listenTls(cert: string, key: string) {
  const seen: Array<{ url: string; host: string | null }> = [];
  const server = Deno.serve(
    {
      hostname: "127.0.0.1",
      port: 0,
      cert,
      key,
      onListen() {},
      onError: () => new Response(null, { status: 500 }),
    },
    (req) => {
      seen.push({ url: req.url, host: req.headers.get("host") });
      return new Response("thanks");
    },
  );
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

const onlyPort = (port: number) => (a: IpAddress, p: number) =>
  formatIp(a) === "127.0.0.1" && p === port;

Deno.test("safe fetch: https goes over TLS to the pinned address, verified against the URL's host", async () => {
  const pki = await testPki("postback.test");
  const server = listenTls(pki.cert, pki.key);
  try {
    const options = {
      resolve: () => Promise.resolve(["127.0.0.1"]),
      allowAddress: onlyPort(server.port),
      extraCaCertsForTests: [pki.ca],
      timeoutMs: 30_000,
    };
    const r = await safeFetch(`https://postback.test:${server.port}/pb?cid=abc&payout=2`, options);
    assert.deepEqual(r, { ok: true, status: 200, error: null });
    assert.equal(server.seen.length, 1);
    assert.equal(server.seen[0].host, `postback.test:${server.port}`);
    assert.equal(new URL(server.seen[0].url).protocol, "https:");
    assert.equal(new URL(server.seen[0].url).search, "?cid=abc&payout=2");
  } finally {
    await server.close();
  }
});

Deno.test("safe fetch: a certificate for another host name or from an unknown CA is refused", async () => {
  const pki = await testPki("other.test");
  const server = listenTls(pki.cert, pki.key);
  try {
    const base = {
      resolve: () => Promise.resolve(["127.0.0.1"]),
      allowAddress: onlyPort(server.port),
      timeoutMs: 30_000,
    };
    const wrongName = await safeFetch(`https://postback.test:${server.port}/pb`, {
      ...base,
      extraCaCertsForTests: [pki.ca],
    });
    assert.equal(wrongName.ok, false);
    assert.equal(wrongName.status, null);
    assert.match(
      wrongName.error!,
      /invalid peer certificate: certificate not valid for name "postback\.test"/,
    );
    const unknownCa = await safeFetch(`https://other.test:${server.port}/pb`, base);
    assert.equal(unknownCa.ok, false);
    assert.match(unknownCa.error!, /invalid peer certificate: UnknownIssuer/);
    assert.equal(server.seen.length, 0, "no request reached the listener");
  } finally {
    await server.close();
  }
});
