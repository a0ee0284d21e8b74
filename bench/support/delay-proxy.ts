import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy that holds every request `delayMs` before forwarding it: the latency of
 * a distant platform. It counts the requests and the most it ever had in flight at once.
 */
export class DelayProxy {
  requests = 0;
  inFlight = 0;
  maxInFlight = 0;
  target = '';
  private readonly agent = new Agent({ keepAlive: true });
  private readonly server: Server;

  constructor(readonly delayMs: number) {
    this.server = createServer((req, res) => {
      this.requests++;
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const done = () => {
        this.inFlight--;
      };
      res.once('close', done);
      const body: Buffer[] = [];
      req.on('data', (c: Buffer) => body.push(c));
      req.on('end', () => {
        setTimeout(() => {
          const target = new URL(req.url ?? '/', this.target);
          const upstream = request(
            { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers, agent: this.agent },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          upstream.on('error', () => {
            res.writeHead(502).end();
          });
          upstream.end(Buffer.concat(body));
        }, this.delayMs);
      });
    });
  }

  /** Listens on `port` (default: any free one) and answers the proxy's origin. */
  async listen(port = 0): Promise<string> {
    // A client busy between two requests (a sync writing what it read) keeps its connections:
    // Node's default of 5 s would close them under it and turn its next request into a retry.
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolvePromise, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolvePromise();
      });
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.requests = 0;
    this.maxInFlight = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolvePromise) => this.server.close(() => resolvePromise()));
    this.agent.destroy();
  }
}
