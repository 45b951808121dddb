/**
 * The operations the OpenAPI document lists, each tied to its contracts, so
 * the document cannot drift from what the server validates.
 */
import { ErrorBody } from "../../contracts/common.ts";
import { entityOperations } from "./entity_operations.ts";
import type { Operation } from "./operation.ts";

export type { Operation };

/** Every documented operation. */
export function operations(): Operation[] {
  return entityOperations();
}

export { ErrorBody };
