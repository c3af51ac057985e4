// A small HTTP load balancer for trying several server processes on one machine
// (docs/deployment.md, "Try it on one machine"): each request, and each WebSocket upgrade, goes to
// the next backend in turn; X-Forwarded-For is appended (run the servers with TRUST_PROXY=1).
// Not for production: use nginx, HAProxy, a cloud load balancer, … (docs/deployment.md).
//
//   node apps/server/scripts/round-robin-proxy.mjs 8080 http://127.0.0.1:3001 http://127.0.0.1:3002
import http from 'node:http';
import net from 'node:net';

const [portArg, ...targets] = process.argv.slice(2);
if (!portArg || targets.length === 0) {
  console.error('usage: round-robin-proxy.mjs PORT http://host:port [http://host:port …]');
  process.exit(2);
}
const backends = targets.map((t) => new URL(t));
let next = 0;
const pick = () => {
  const i = next++ % backends.length;
  return { i, url: backends[i] };
};
const forwardedFor = (req) => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

const server = http.createServer((req, res) => {
  const { i, url } = pick();
  console.log(`${new Date().toISOString()} ${req.method} ${req.url.split('?')[0]} → backend ${i + 1} (${url.host})`);
  const upstream = http.request(
    {
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    console.log(`backend ${i + 1} failed: ${err.message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('Bad Gateway');
  });
  req.pipe(upstream);
});

// A WebSocket stays on the backend that accepted its upgrade (the evaluation socket).
server.on('upgrade', (req, socket, head) => {
  const { i, url } = pick();
  console.log(`${new Date().toISOString()} UPGRADE ${req.url.split('?')[0]} → backend ${i + 1} (${url.host})`);
  const upstream = net.connect(Number(url.port), url.hostname, () => {
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
    const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`));
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
});

server.listen(Number(portArg), '127.0.0.1', () =>
  console.log(`round-robin proxy on http://127.0.0.1:${portArg} → ${targets.join(', ')}`),
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
