/**
 * The export file (`rotor export`, Settings → Import / export) and the
 * import answer. Entities travel as the API answers them; the import checks
 * each one with its create contract.
 */
import { z } from "zod";

/** The `format` value every export carries. */
export const EXPORT_FORMAT = "rotor-export";

/** Exported tables, in the order an import writes them. */
export const ExportTable = z.enum([
  "groups",
  "domains",
  "traffic_sources",
  "affiliate_networks",
  "offers",
  "landings",
  "rotations",
  "campaigns",
]);
export type ExportTable = z.infer<typeof ExportTable>;

/** One exported entity: its fields by contract name, `id` included. */
const ExportedEntity = z.record(z.string(), z.unknown());

/** The export file. */
export const ExportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  rotorVersion: z.string(),
  entities: z.partialRecord(ExportTable, z.array(ExportedEntity).max(100_000)),
});
export type ExportFile = z.infer<typeof ExportFile>;

/** `POST /api/settings/import-export/import`. */
export const ImportInput = z.object({
  file: ExportFile,
  dryRun: z.boolean().default(true),
});
export type ImportInput = z.infer<typeof ImportInput>;

/** What an import created (or, in a dry run, would create), and what it changed on the way. */
export const ImportSummary = z.object({
  dryRun: z.boolean(),
  created: z.record(ExportTable, z.number().int()),
  notes: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof ImportSummary>;
