/**
 * A real HTTP server on 127.0.0.1 for retrieval tests. It counts TCP connections and requests, so
 * a test can prove that a refused URL never reached the network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, server: TestServer) => unknown;

export interface TestServer {
  port: number;
  origin: string;
  connections: number;
  requests: Array<{ path: string; host: string | undefined }>;
  /** Sockets closed by the client before the handler finished writing (aborted streams). */
  abortedResponses: number;
  close(): Promise<void>;
}

export async function startServer(routes: Record<string, Handler>): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state: TestServer = {
    port: 0,
    origin: '',
    connections: 0,
    requests: [],
    abortedResponses: 0,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    state.requests.push({ path, host: req.headers.host });
    res.on('close', () => {
      if (!res.writableFinished) state.abortedResponses++;
    });
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    void Promise.resolve(handler(req, res, state)).catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${state.port}`;
  return state;
}

/** Respond with JSON-LD. */
export const jsonld = (body: unknown, type = 'application/ld+json'): Handler => (_req, res) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
};

export const redirect = (location: string | ((s: TestServer) => string), status = 302): Handler => (_req, res, s) => {
  res.writeHead(status, { location: typeof location === 'function' ? location(s) : location }).end();
};
