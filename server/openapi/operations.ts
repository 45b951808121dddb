/**
 * The operations the OpenAPI document lists, each tied to its contracts, so
 * the document cannot drift from what the server validates.
 */
import { ErrorBody } from "../../contracts/common.ts";
import { dataOperations } from "./data_operations.ts";
import { entityOperations } from "./entity_operations.ts";
import type { Operation } from "./operation.ts";
import { settingsOperations } from "./settings_operations.ts";
import { triggerOperations } from "./trigger_operations.ts";
import { currencyOperations } from "./currency_operations.ts";

export type { Operation };

/** Every documented operation. */
export function operations(): Operation[] {
  return [
    ...entityOperations(),
    ...settingsOperations(),
    ...dataOperations(),
    ...triggerOperations(),
    ...currencyOperations(),
  ];
}

export { ErrorBody };
