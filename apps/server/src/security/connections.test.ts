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

describe('slow clients', () => {
  it('cuts a body sent a byte at a time within requestTimeout', async () => {
    const ms = await closedAfter((s) => {
      s.write(
        'POST /api/v2/team/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
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
