/**
 * Who may use the viewer. Loopback clients (127.0.0.0/8, ::1) are trusted, and their Host header
 * must name a loopback host (defeats DNS rebinding). Any other client (only possible with
 * `serve --host <non-loopback> --allow-remote`) must present the access token printed at start:
 * `?token=...` once (it is then kept in a SameSite=Strict cookie), or the cookie. The Host header
 * never grants access.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Name of the cookie that carries the access token. */
export const TOKEN_COOKIE = 'wo_token';

/** Whether an interface or client address is loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.replace(/^::ffff:/, '').replace(/^\[|\]$/g, '');
  if (a === 'localhost') return true;
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1';
}

export function newAccessToken(): string {
  return randomBytes(18).toString('base64url');
}

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return v.join('=');
  }
  return null;
}

export type AccessDecision = { ok: true; setCookie: string | null } | { ok: false; status: number; message: string };

/** Decide one request (see the file header). `loopbackHosts`: Host values accepted from loopback clients. */
export function checkAccess(req: IncomingMessage, url: URL, loopbackHosts: ReadonlySet<string>, token: string | null): AccessDecision {
  if (isLoopback(req.socket.remoteAddress)) {
    if (!loopbackHosts.has(req.headers.host ?? '')) return { ok: false, status: 421, message: 'unexpected Host header' };
    return { ok: true, setCookie: null };
  }
  if (token === null) return { ok: false, status: 403, message: 'this viewer serves loopback clients only' };
  const given = url.searchParams.get('token');
  if (given !== null && sameToken(given, token)) {
    return { ok: true, setCookie: `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict` };
  }
  const cookie = cookieToken(req);
  if (cookie !== null && sameToken(cookie, token)) return { ok: true, setCookie: null };
  return { ok: false, status: 401, message: 'access token required: open the URL with ?token=... that serve printed' };
}
