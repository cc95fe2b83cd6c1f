import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkAccess, isLoopback } from './access.js';

/** A request as node:http gives it: only the fields access control reads. */
const request = (remoteAddress: string, host: string, cookie?: string): IncomingMessage =>
  ({ socket: { remoteAddress }, headers: { host, ...(cookie ? { cookie } : {}) } }) as unknown as IncomingMessage;

const HOSTS = new Set(['127.0.0.1:8090', 'localhost:8090']);
const TOKEN = 'c2VjcmV0LXRva2VuLTEyMzQ1Njc4';

describe('viewer access control', () => {
  it('knows loopback addresses, IPv4-mapped included', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', 'localhost']) expect(isLoopback(a)).toBe(true);
    for (const a of ['0.0.0.0', '::', '192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', undefined]) expect(isLoopback(a)).toBe(false);
  });

  it('lets loopback clients in by a loopback Host only (DNS rebinding)', () => {
    expect(checkAccess(request('127.0.0.1', 'localhost:8090'), new URL('http://x/'), HOSTS, null)).toEqual({ ok: true, setCookie: null });
    expect(checkAccess(request('127.0.0.1', 'evil.test:8090'), new URL('http://x/'), HOSTS, null)).toMatchObject({
      ok: false,
      status: 421,
    });
  });

  it('never lets a remote client in by a forged Host header; the token (query once, then cookie) is required', () => {
    expect(checkAccess(request('192.0.2.7', 'localhost:8090'), new URL('http://x/warc/f0'), HOSTS, null)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkAccess(request('192.0.2.7', 'localhost:8090'), new URL('http://x/warc/f0'), HOSTS, TOKEN)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkAccess(request('192.0.2.7', 'x'), new URL(`http://x/?token=${TOKEN}x`), HOSTS, TOKEN)).toMatchObject({
      ok: false,
      status: 401,
    });
    const first = checkAccess(request('192.0.2.7', 'x'), new URL(`http://x/?token=${TOKEN}`), HOSTS, TOKEN);
    expect(first).toEqual({ ok: true, setCookie: `wo_token=${TOKEN}; Path=/; HttpOnly; SameSite=Strict` });
    expect(checkAccess(request('192.0.2.7', 'x', `a=b; wo_token=${TOKEN}`), new URL('http://x/object/1'), HOSTS, TOKEN)).toEqual({
      ok: true,
      setCookie: null,
    });
  });
});
