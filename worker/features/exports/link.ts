import { jwtVerify, SignJWT } from "jose";
import type { ExportJobView } from "#contract/exports/responses";
import { type Config, MIN_JWT_SECRET_LENGTH } from "../../platform/config";
import type { ExportJob } from "./types";

/** A download link works for 10 minutes (and never past the file's own deletion); the status gives a new one. */
export const LINK_TTL_SECONDS = 10 * 60;
const AUDIENCE = "earthkind:export-download";

function key(config: Config): Uint8Array {
  const secret = config.JWT_SECRET;
  if (!secret || secret.length < MIN_JWT_SECRET_LENGTH)
    throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

/** Signs a link to this job's file for its owner: the token names both, so it is no use to anyone else. */
export async function signDownloadToken(config: Config, job: ExportJob, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.min(iat + LINK_TTL_SECONDS, Math.floor(Date.parse(job.expiresAt) / 1000));
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(job.userId)
    .setJti(job.id)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(config));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Whether the token was signed for this job and this user, and has not expired. */
export async function downloadTokenValid(config: Config, token: string, jobId: string, userId: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      issuer: config.JWT_ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
      clockTolerance: 0,
    });
    return payload.jti === jobId && payload.sub === userId;
  } catch {
    return false;
  }
}

/** The status answer: a fresh link once the file is ready (`path` is the file route of this kind of export). */
export async function exportView(config: Config, job: ExportJob, path: string, now: Date): Promise<ExportJobView> {
  const link = job.status === "ready" ? await signDownloadToken(config, job, now) : null;
  return {
    id: job.id,
    status: job.status,
    rows: job.rows,
    filename: job.filename,
    created_at: job.createdAt,
    expires_at: job.expiresAt,
    download: link
      ? { url: `${path}?token=${encodeURIComponent(link.token)}`, token: link.token, expires_at: link.expiresAt }
      : null,
  };
}
