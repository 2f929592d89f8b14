// Contract of GET /api/lgpd/{instance}/access/download/{id} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { z } from "zod";
import { notFound } from "@/lib/errors/app-error.ts";
import { idParam, pathParam } from "@/lib/http/path-params.ts";
import { ACCESS_LINK_GONE } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/lgpd/{instance}/access/download/{id}",
  tag: "LGPD",
  summary: "Download an access package through its signed link",
  description:
    "No key: the link (download_url of GET /lgpd/{instance}/access/{cpf}, with its expires and sig query) is the credential, for the data subject. Answers the zip (application/zip); every download is audited. A link that is altered, expired, or whose package was deleted answers 404 alike. Braked per client address.",
  auth: "none",
  // The slug as sent (the route decodes it); an id that is not one answers as an altered link does.
  params: { instance: pathParam(z.string(), () => notFound(ACCESS_LINK_GONE)), id: idParam(ACCESS_LINK_GONE) },
  addressRateLimit: { bucket: "lgpd-download", perMinute: 30, caller: "lgpd-download" },
  responseContentType: "application/zip",
  answer: "The zip.",
  errors: [404, 429],
});
