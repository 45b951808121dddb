/** `rotor apikey create|list|revoke`: API keys for the public API (shown once at creation). */
import { type Command, Option } from "commander";
import { ApiKeyInput, ApiKeyScope } from "../contracts/api_key.ts";
import { apiKeyOwner, createApiKey, listApiKeys, revokeApiKey } from "../server/auth/api_keys.ts";
import { findUserByUsername } from "../server/users/store.ts";
import type { Db } from "../server/db/connection.ts";
import { type GlobalOptions, openData } from "./context.ts";

function userId(db: Db, name: string): number {
  const user = findUserByUsername(db, name);
  if (!user) throw new Error(`no user '${name}'`);
  return user.id;
}

export function registerApiKey(program: Command) {
  const apikey = program.command("apikey").description("manage API keys (Api-Key header)");
  apikey.command("create")
    .description("create a key for a user; it is printed once and stored hashed")
    .requiredOption("--user <name>", "the key acts as this user")
    .option("--name <label>", "what the key is for", "cli")
    .addOption(
      new Option("--scope <scope>", "api: the whole API; click: the click API only")
        .choices(ApiKeyScope.options).default("api"),
    )
    .action((opts: { user: string; name: string; scope: ApiKeyScope }, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const input = ApiKeyInput.parse({ name: opts.name, scope: opts.scope });
      const created = createApiKey(db, { userId: userId(db, opts.user), ...input });
      console.log(
        `created key ${created.id} '${created.name}' for '${opts.user}' (${created.scope})`,
      );
      console.log(`key: ${created.key}`);
      console.log("it is not shown again: store it now");
    });
  apikey.command("list")
    .description("list a user's keys (never the keys themselves)")
    .requiredOption("--user <name>", "whose keys")
    .action((opts: { user: string }, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      for (const k of listApiKeys(db, userId(db, opts.user))) {
        const state = k.revokedAt ? "revoked" : "live";
        console.log(`${k.id}\t${k.prefix}…\t${k.scope}\t${state}\t${k.name}`);
      }
    });
  apikey.command("revoke")
    .description("revoke a key by its id; it stops working at once")
    .argument("<id>", "the key's id (from create or list)")
    .action((id: string, _opts, cmd: Command) => {
      if (!/^\d+$/.test(id)) throw new Error("the id must be digits");
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const owner = apiKeyOwner(db, Number(id));
      if (owner === undefined) throw new Error(`no API key ${id}`);
      const key = revokeApiKey(db, owner, Number(id));
      console.log(`revoked key ${key.id} '${key.name}'`);
    });
}
