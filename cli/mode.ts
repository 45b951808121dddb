/** `rotor mode demo|normal`: switches the running server's mode at once. */
import { Argument, type Command } from "commander";
import { Mode } from "../contracts/auth.ts";
import { getMode, setMode } from "../server/settings/mode.ts";
import { ensureDemoUser } from "../server/users/service.ts";
import { type GlobalOptions, openData } from "./context.ts";

export function registerMode(program: Command) {
  program.command("mode")
    .description("show or switch the mode (demo: read-only, automatic demo sign-in)")
    .addArgument(new Argument("[mode]", "the mode to switch to").choices(Mode.options))
    .action(async (mode: Mode | undefined, _opts, cmd: Command) => {
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      if (mode === "demo") await ensureDemoUser(db);
      if (mode) setMode(db, mode);
      console.log(`mode: ${getMode(db)}`);
    });
}
