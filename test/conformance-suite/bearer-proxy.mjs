// A loopback proxy that adds the gateway's bearer token to every request, for clients that cannot
// send headers (the conformance suite's server mode). Host and Origin naming the proxy are rewritten
// to the gateway's; any other Host or Origin (the suite's DNS-rebinding probe) passes unchanged, so
// the gateway's own checks answer it. Bodies and SSE streams are piped both ways.
import { createServer, request } from 'node:http';

/**
 * @param {{ port: number, token: string }} gateway
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startBearerProxy(gateway) {
  const target = `127.0.0.1:${gateway.port}`;
  const server = createServer((req, res) => {
    const own = `127.0.0.1:${server.address().port}`;
    const ownLocal = `localhost:${server.address().port}`;
    const headers = { ...req.headers, authorization: `Bearer ${gateway.token}` };
    if (headers.host === own || headers.host === ownLocal) headers.host = target;
    if (headers.origin === `http://${own}` || headers.origin === `http://${ownLocal}`)
      headers.origin = `http://${target}`;
    const upstream = request(
      { host: '127.0.0.1', port: gateway.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
