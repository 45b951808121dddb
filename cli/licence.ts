/** `rotor licence status|expire|missing|valid`: reproduce what a customer sees. */
import { Argument, type Command } from "commander";
import { getLicence, setLicence } from "../server/licence/service.ts";
import { type GlobalOptions, openData } from "./context.ts";

const ACTIONS = { expire: "expired", missing: "missing", valid: "valid" } as const;

export function registerLicence(program: Command) {
  program.command("licence")
    .alias("license")
    .description("show or set the licence state")
    .addArgument(
      new Argument("<action>", "what to do").choices(["status", ...Object.keys(ACTIONS)]),
    )
    .option("--message <text>", "with expire: the server text an expired licence shows")
    .action((action: "status" | keyof typeof ACTIONS, opts: { message?: string }, cmd: Command) => {
      if (opts.message !== undefined && action !== "expire") {
        throw new Error(`--message goes with \`licence expire\` only, not with ${action}`);
      }
      const db = openData(cmd.optsWithGlobals<GlobalOptions>());
      const licence = action === "status"
        ? getLicence(db)
        : setLicence(db, ACTIONS[action], opts.message);
      console.log(`licence: ${licence.state}`);
      if (licence.message) console.log(`message: ${licence.message}`);
      console.log(`tracker id: ${licence.trackerId}`);
    });
}
