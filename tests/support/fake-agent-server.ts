/**
 * A local remote-agent endpoint (node:http on 127.0.0.1) with one path per fault, for tests of the remote
 * agent protocol and the SSRF-safe client. Records every request and every response the client cut off.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer } from "./fake-openai";

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type AgentRoute = (request: RecordedRequest, res: http.ServerResponse, server: FakeAgentServer) => void;

export interface FakeAgentServer {
  origin: string;
  url(path: string): string;
  requests: RecordedRequest[];
  /** Paths whose response the client abandoned before it was complete. */
  abandoned: string[];
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/** A valid reply for whatever kind of decision the request asks for. */
export function validReplyFor(request: RecordedRequest): Record<string, unknown> {
  const body = JSON.parse(request.body) as { kind: string; allowed_actions: number[]; players: string[] };
  switch (body.kind) {
    case "act":
      return { thought: "heading to my task", action: body.allowed_actions[0] ?? 7 };
    case "vote":
      return {
        thought: "no evidence yet",
        vote: "skip",
        trust_scores: Object.fromEntries(body.players.map((name) => [name, 0.5])),
      };
    default:
      return { statement: "I was doing my tasks in the east room." };
  }
}

const MB = 1024 * 1024;

/** Writes `total` bytes of JSON-looking filler, honouring backpressure; stops if the client goes away. */
function stream(res: http.ServerResponse, total: number) {
  const chunk = Buffer.alloc(64 * 1024, " ");
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  res.write("[");
  pump();
}

export const FAULT_ROUTES: Record<string, AgentRoute> = {
  "/ok": (request, res) => json(res, 200, validReplyFor(request)),
  "/slow": () => {
    /* never answers; the client's timeout must end the call */
  },
  "/500": (_request, res) => json(res, 500, { error: "internal error" }),
  "/not-json": (_request, res) => res.writeHead(200, { "content-type": "application/json" }).end("this is not json"),
  "/wrong-shape": (_request, res) => json(res, 200, { move: "north" }),
  "/illegal": (_request, res) => json(res, 200, { thought: "kill them all", action: 13 }),
  "/huge": (_request, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    stream(res, 10 * MB);
  },
  "/huge-declared": (_request, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(10 * MB + 1) });
    stream(res, 10 * MB);
  },
  "/drip": (_request, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => res.write(" "), 50);
    res.on("close", () => clearInterval(timer));
  },
  "/redirect-loopback": (_request, res, server) => res.writeHead(302, { location: server.url("/ok") }).end(),
  "/redirect-metadata": (_request, res) =>
    res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" }).end(),
  "/html": (_request, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>hello</html>"),
};

export async function startFakeAgentServer(
  routes: Record<string, AgentRoute> = FAULT_ROUTES,
): Promise<FakeAgentServer> {
  const requests: RecordedRequest[] = [];
  const abandoned: string[] = [];

  const httpServer = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? "/", "http://local").pathname;
    const recorded: RecordedRequest = { path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished) abandoned.push(path);
    });
    const route = routes[path];
    if (route) route(recorded, res, server);
    else json(res, 404, { error: `no route ${path}` });
  });

  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const server: FakeAgentServer = {
    origin,
    url: (path) => origin + path,
    requests,
    abandoned,
    close: () => closeServer(httpServer),
  };
  return server;
}
