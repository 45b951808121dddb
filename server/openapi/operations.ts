/**
 * The operations the OpenAPI document lists, each tied to its contracts, so
 * the document cannot drift from what the server validates.
 */
import type { z } from "zod";
import { ErrorBody, OkBody } from "../../contracts/common.ts";
import { ModeAnswer, RoleAnswer, SecretAnswer, SignInInput } from "../../contracts/auth.ts";
import { ListQuery } from "../../contracts/list.ts";
import { Campaign, CampaignInput, CampaignPatch } from "../../contracts/campaign.ts";
import { Offer, OfferInput, OfferPatch } from "../../contracts/offer.ts";
import { Landing, LandingInput, LandingPatch } from "../../contracts/landing.ts";
import { Rotation, RotationInput, RotationPatch } from "../../contracts/rotation.ts";
import { Group, GroupInput, GroupPatch } from "../../contracts/group.ts";
import { Domain, DomainInput, DomainPatch } from "../../contracts/domain.ts";
import {
  TrafficSource,
  TrafficSourceInput,
  TrafficSourcePatch,
} from "../../contracts/traffic_source.ts";
import {
  AffiliateNetwork,
  AffiliateNetworkInput,
  AffiliateNetworkPatch,
} from "../../contracts/affiliate_network.ts";
import { PasswordChangeInput, User, UserInput, UserPatch } from "../../contracts/user.ts";
import { SETTINGS_SCHEMAS } from "../../contracts/settings.ts";
import { ApiKeyInfo, ApiKeyInput, CreatedApiKey } from "../../contracts/api_key.ts";
import { ExportFile, ImportInput, ImportSummary } from "../../contracts/import_export.ts";
import { PostbackTestInput, PostbackTestResult } from "../../contracts/postback_processing.ts";
import { IntegrationTemplates } from "../../contracts/integration.ts";
import { TrackingLinks, TrackingLinksQuery } from "../../contracts/tracking_links.ts";
import { FeedbackInput, FeedbackMessage } from "../../contracts/feedback.ts";

/** One documented call. */
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  tag: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
};

const ENTITIES: ReadonlyArray<[string, string, z.ZodType, z.ZodType, z.ZodType]> = [
  ["campaigns", "Campaign", Campaign, CampaignInput, CampaignPatch],
  ["offers", "Offer", Offer, OfferInput, OfferPatch],
  ["landings", "Lander", Landing, LandingInput, LandingPatch],
  ["rotations", "Rotation", Rotation, RotationInput, RotationPatch],
  ["traffic-sources", "Traffic source", TrafficSource, TrafficSourceInput, TrafficSourcePatch],
  [
    "affiliate-networks",
    "Affiliate network",
    AffiliateNetwork,
    AffiliateNetworkInput,
    AffiliateNetworkPatch,
  ],
  ["domains", "Domain", Domain, DomainInput, DomainPatch],
  ["groups", "Group", Group, GroupInput, GroupPatch],
  ["users", "User", User, UserInput, UserPatch],
];

function entityOperations(): Operation[] {
  return ENTITIES.flatMap(([path, label, item, input, patch]) =>
    [
      {
        method: "get",
        path: `/api/${path}`,
        tag: label,
        summary: `List ${label.toLowerCase()}s with stats`,
        query: ListQuery,
      },
      {
        method: "post",
        path: `/api/${path}`,
        tag: label,
        summary: `Create a ${label.toLowerCase()}`,
        body: input,
        response: item,
        status: 201,
      },
      {
        method: "get",
        path: `/api/${path}/{id}`,
        tag: label,
        summary: `Get a ${label.toLowerCase()}`,
        response: item,
      },
      {
        method: "patch",
        path: `/api/${path}/{id}`,
        tag: label,
        summary: `Change a ${label.toLowerCase()}`,
        body: patch,
        response: item,
      },
      {
        method: "delete",
        path: `/api/${path}/{id}`,
        tag: label,
        summary: `Archive a ${label.toLowerCase()}`,
        response: item,
      },
      {
        method: "post",
        path: `/api/${path}/{id}/clone`,
        tag: label,
        summary: `Clone a ${label.toLowerCase()}`,
        response: item,
        status: 201,
      },
    ] satisfies Operation[]
  );
}

function settingsOperations(): Operation[] {
  return Object.entries(SETTINGS_SCHEMAS).flatMap(([section, schema]) =>
    [
      {
        method: "get",
        path: `/api/settings/${section}`,
        tag: "Settings",
        summary: `Read ${section} settings`,
        response: schema,
      },
      {
        method: "put",
        path: `/api/settings/${section}`,
        tag: "Settings",
        summary: `Store ${section} settings`,
        body: schema,
        response: schema,
      },
    ] satisfies Operation[]
  );
}

/** Every documented operation. */
export function operations(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/mode",
      tag: "Session",
      summary: "Demo or normal mode",
      response: ModeAnswer,
    },
    {
      method: "post",
      path: "/api/user/sign_in",
      tag: "Session",
      summary: "Sign in (sets the session cookie)",
      body: SignInInput,
      response: OkBody,
    },
    {
      method: "get",
      path: "/api/user/role",
      tag: "Session",
      summary: "Who is signed in",
      response: RoleAnswer,
    },
    {
      method: "get",
      path: "/api/auth/secret",
      tag: "Session",
      summary: "The personal auth secret",
      response: SecretAnswer,
    },
    {
      method: "patch",
      path: "/api/users/me/password",
      tag: "User",
      summary: "Change your own password",
      body: PasswordChangeInput,
      response: OkBody,
    },
    ...entityOperations(),
    ...settingsOperations(),
    {
      method: "get",
      path: "/api/settings/public-api/keys",
      tag: "API keys",
      summary: "Your API keys (never the keys themselves)",
      response: ApiKeyInfo,
    },
    {
      method: "post",
      path: "/api/settings/public-api/keys",
      tag: "API keys",
      summary: "Create an API key (the answer is the only copy)",
      body: ApiKeyInput,
      response: CreatedApiKey,
      status: 201,
    },
    {
      method: "delete",
      path: "/api/settings/public-api/keys/{id}",
      tag: "API keys",
      summary: "Revoke an API key",
      response: ApiKeyInfo,
    },
    {
      method: "get",
      path: "/api/settings/tracking-links/links",
      tag: "Tools",
      summary: "A campaign's tracking links",
      query: TrackingLinksQuery,
      response: TrackingLinks,
    },
    {
      method: "get",
      path: "/api/settings/integration/templates",
      tag: "Tools",
      summary: "Traffic-source and network templates",
      response: IntegrationTemplates,
    },
    {
      method: "post",
      path: "/api/settings/postback-processing/test",
      tag: "Tools",
      summary: "What a postback URL would do (writes nothing)",
      body: PostbackTestInput,
      response: PostbackTestResult,
    },
    {
      method: "get",
      path: "/api/settings/import-export/export",
      tag: "Tools",
      summary: "Every entity as one file",
      response: ExportFile,
    },
    {
      method: "post",
      path: "/api/settings/import-export/import",
      tag: "Tools",
      summary: "Import a file (dry run by default)",
      body: ImportInput,
      response: ImportSummary,
    },
    {
      method: "post",
      path: "/api/settings/feedback/messages",
      tag: "Tools",
      summary: "Leave feedback",
      body: FeedbackInput,
      response: FeedbackMessage,
      status: 201,
    },
  ];
}

export { ErrorBody };
