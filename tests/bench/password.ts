/** Cost of one password check: the floor of every sign-in's latency. */
import { hashPassword, verifyPassword } from "../../server/auth/password.ts";

export const bench = {
  describe: "argon2id (m=19456 KiB, t=2, p=1) hash and verify",
  async run() {
    const hash = await hashPassword("warm-up-password");
    const rounds = 10;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await verifyPassword("warm-up-password", hash);
    const ms = (performance.now() - started) / rounds;
    console.log(`verify: ${ms.toFixed(1)} ms per check (${rounds} rounds)`);
  },
};
