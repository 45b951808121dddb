/**
 * The click API (issue 5): a server-side integration makes a click for a
 * visitor and gets the decision as JSON. The caller needs write on campaigns
 * (checked by the declaration) and read on landers and offers (the answer
 * holds their URL; checked by the handler).
 */
import { route } from "../route.ts";
import { ClickApiAnswer, ClickApiInput } from "../click_api.ts";

export const CLICK_API_ROUTES = {
  click: route({
    method: "post",
    path: "/api/click-api/v1",
    tag: "Click API",
    summary: "Record a click from a lander's server and get its destination " +
      "(also needs read on landers and offers)",
    access: ["campaign", "write"],
    body: ClickApiInput,
    answer: ClickApiAnswer,
  }),
};
