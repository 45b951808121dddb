/** `rotor user add NAME --role …` and `rotor user passwd NAME`; passwords come from stdin. */
import { type Command, Option } from "commander";
import { Role } from "../contracts/auth.ts";
import { changePassword, createUser } from "../server/users/service.ts";
import { findUserByUsername } from "../server/users/store.ts";
import { type GlobalOptions, openData, readSecretLine } from "./context.ts";

export function registerUser(program: Command) {
  const user = program.command("user").description("manage panel users");
  user.command("add")
    .description("create a user; the password is read from stdin")
    .argument("<name>", "username")
    .addOption(new Option("--role <role>", "the user's role").choices(Role.options).default("user"))
    .action(async (name: string, opts: { role: Role }, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const password = await readSecretLine("Password: ");
      const id = await createUser(db, { username: name, role: opts.role, password });
      console.log(`created ${opts.role} '${name}' (id ${id})`);
    });
  user.command("passwd")
    .description("set a user's password (read from stdin) and end their sessions")
    .argument("<name>", "username")
    .action(async (name: string, _opts, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const found = findUserByUsername(db, name);
      if (!found) throw new Error(`no user '${name}'`);
      await changePassword(db, found, await readSecretLine("New password: "));
      console.log(`password of '${found.username}' changed; their sessions ended`);
    });
}
