import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeouts } from '../app.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Slow and idle clients (docs/security.md, "Connections"), on a real loopback socket with the
 * limits shortened so that each case is bounded to a few seconds.
 */
const short = {
  requestTimeout: 3_000,
  headersTimeout: 2_000,
  connectionTimeout: 1_500,
  keepAliveTimeout: 500,
  checkIntervalMs: 200,
};
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ timeouts: short });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a socket, runs `drip` on it, and resolves with the ms until the server closed it (or `bound`). */
function closedAfter(drip: (s: net.Socket) => void, bound = 7_000): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve(Date.now() - started);
    };
    socket.on('close', done);
    socket.on('error', () => {});
    socket.on('end', done);
    socket.on('connect', () => {
      drip(socket);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, 300);
      if (drip.length === 0) clearInterval(timer);
    });
    setTimeout(done, bound);
  });
}

/** Opens a socket and sends `text` on it; resolves once connected. */
function openWith(text: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(text);
      resolve(s);
    });
    s.on('error', () => {});
  });
}

/** Ms until the server closes `s` (or `bound`), and the status line it answered, if any. */
function untilClosed(s: net.Socket, bound = 7_000): Promise<{ ms: number; status: string }> {
  const started = Date.now();
  let data = '';
  s.on('data', (d) => (data += d.toString()));
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      s.destroy();
      resolve({ ms: Date.now() - started, status: /^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? '' });
    };
    const timer = setTimeout(done, bound);
    s.on('close', done);
  });
}

/** A request whose body stops after a few bytes of the 200 it announced. */
const partialBody = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"login_id":"ab`;

describe('slow clients', () => {
  it('cuts a body sent a byte at a time within requestTimeout', async () => {
    const ms = await closedAfter((s) => {
      s.write(
        // A public call: it waits for its body (a call that needs a token answers 401 before it).
        'POST /api/v2/teacher/login-safe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
    });
    console.log(`slow body cut after ${ms} ms (requestTimeout ${short.requestTimeout} ms)`);
    expect(ms).toBeLessThan(short.requestTimeout + 1_500);
  });

  it('cuts headers sent a byte at a time within headersTimeout', async () => {
    const ms = await closedAfter((s) => {
      s.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    });
    console.log(`slow headers cut after ${ms} ms (headersTimeout ${short.headersTimeout} ms)`);
    expect(ms).toBeLessThan(short.headersTimeout + 1_500);
  });

  it('closes a silent connection within connectionTimeout', async () => {
    // No drip: nothing is ever sent.
    const ms = await closedAfter(() => {});
    console.log(`idle connection closed after ${ms} ms (connectionTimeout ${short.connectionTimeout} ms)`);
    expect(ms).toBeLessThan(short.connectionTimeout + 1_500);
  });

  it('production limits are set on the Node server', async () => {
    const prod = await buildTestApp();
    try {
      expect(prod.app.server.requestTimeout).toBe(serverTimeouts.requestTimeout);
      expect(prod.app.server.headersTimeout).toBe(serverTimeouts.headersTimeout);
      expect(prod.app.server.keepAliveTimeout).toBe(serverTimeouts.keepAliveTimeout);
      expect(prod.app.server.timeout).toBe(serverTimeouts.connectionTimeout);
    } finally {
      await prod.close();
    }
  });
});

describe('a body that stops, after a burst of wrong passwords from the same address', () => {
  const paths = ['/api/v2/teacher/login-safe', '/api/v2/student/login', '/api/v2/team/create'];
  const probe = async () =>
    Promise.all(paths.map(async (p) => ({ path: p, ...(await untilClosed(await openWith(partialBody(p)))) })));

  it('is closed as without the burst: at connectionTimeout, or at once after an early answer', async () => {
    const before = await probe();
    // The burst: 110 wrong teacher and 110 wrong children's passwords from this address, past
    // both addresses' ceilings, over kept-alive sockets as a script would send them.
    const burst = async (kind: 't' | 's', n: number) => {
      const body = (i: number) =>
        JSON.stringify(
          kind === 't'
            ? { username: `nobody${i}`, password: t.encrypt('wrong-guess1') }
            : { student_id: `nobody${i}`, password: t.encrypt('wrong-guess1') },
        );
      const path = kind === 't' ? '/api/v2/teacher/login-safe' : '/api/v2/student/login';
      const socket = await openWith('');
      const statuses: string[] = [];
      for (let i = 0; i < n; i++) {
        const b = body(i);
        const answered = new Promise<string>((resolve) =>
          socket.once('data', (d) => resolve(/^HTTP\/1\.1 (\d+)/.exec(d.toString())?.[1] ?? '')),
        );
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`,
        );
        statuses.push(await answered);
      }
      return { socket, statuses };
    };
    const [teachers, students] = await Promise.all([burst('t', 110), burst('s', 110)]);
    expect(teachers.statuses).toContain('429');
    expect(students.statuses).toContain('429');
    // The same probes from the throttled address on new sockets, and on a burst's own socket
    // right after its last answer.
    const after = await probe();
    teachers.socket.destroy();
    students.socket.destroy();
    const again = await burst('s', 3);
    expect(again.statuses).toEqual(['429', '429', '429']);
    again.socket.removeAllListeners('data');
    again.socket.write(partialBody(paths[1]!));
    const kept = [{ path: `kept-alive ${paths[1]}`, ...(await untilClosed(again.socket)) }];
    console.log('partial bodies before the burst', before, 'after', [...after, ...kept]);
    for (const r of [...before, ...after, ...kept]) {
      // Nothing waits for the rest of the body past connectionTimeout (+ one check).
      expect(r.ms, r.path).toBeLessThan(short.connectionTimeout + 1_000);
      // An answer given before the body arrived closes the socket with it.
      if (r.status) expect(r.ms, r.path).toBeLessThan(1_000);
    }
    for (const [i, r] of after.entries()) expect(Math.abs(r.ms - before[i]!.ms), r.path).toBeLessThan(1_000);
  }, 60_000);
});
