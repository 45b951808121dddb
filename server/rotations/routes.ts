/** `/api/rotations`: the shared entity routes, on their declarations. */
import { ROTATION_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { rotationDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const rotationRoutes = declaredEntityRoutes(ROTATION_ROUTES, rotationDef);
