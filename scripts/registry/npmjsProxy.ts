/**
 * Makes a local registry answer as https://registry.npmjs.org for one n8n, through an HTTPS proxy.
 *
 * Why: n8n (2.41, and 1.x) installs community packages from `N8N_COMMUNITY_PACKAGES_REGISTRY`, but any
 * value other than https://registry.npmjs.org needs the enterprise licence feature
 * `feat:communityNodes:customRegistry` (`getNpmRegistry()` throws FeatureNotLicensedError). A
 * self-hoster runs the unlicensed default, so that is what we run: n8n keeps the default registry and
 * gets `HTTPS_PROXY` (which n8n and the npm it spawns both honour, as behind a company proxy). This
 * proxy terminates TLS for registry.npmjs.org only, with a certificate made here for that name and
 * trusted through `NODE_EXTRA_CA_CERTS` (n8n) and `npm_config_cafile` (npm), and forwards to the local registry; it refuses every other
 * host (n8n's package-status lookup at api.n8n.io then fails, which n8n takes as "not banned").
 * `NO_PROXY` keeps 127.0.0.1 (the store, n8n's own task runners) direct.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { Socket } from 'net';
import * as path from 'path';
import * as tls from 'tls';
import { promisify } from 'util';
import { RegistryError } from './errors';

const execFileAsync = promisify(execFile);

const NPMJS_HOST = 'registry.npmjs.org';
export const NPMJS_URL = `https://${NPMJS_HOST}`;

export interface NpmjsProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The env that sends one n8n's registry traffic here (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS, npm_config_cafile). */
  env: Record<string, string>;
  /** Hosts a CONNECT was refused for, in order (e.g. api.n8n.io). */
  refused(): readonly string[];
  /** Requests forwarded to the registry (`GET /name`, ...), for tests and error messages. */
  forwarded(): readonly string[];
  close(): Promise<void>;
}

/** A self-signed certificate for registry.npmjs.org (openssl), valid two days; key and cert in `dir`. */
async function makeCertificate(dir: string): Promise<{ key: string; cert: string; certFile: string }> {
  const keyFile = path.join(dir, 'npmjs.key');
  const certFile = path.join(dir, 'npmjs.pem');
  try {
    await execFileAsync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      `/CN=${NPMJS_HOST}`,
      '-addext',
      `subjectAltName=DNS:${NPMJS_HOST}`,
    ]);
  } catch (error) {
    throw new RegistryError('making a certificate for the registry proxy (openssl)', (error as Error).message);
  }
  fs.chmodSync(keyFile, 0o600);
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile };
}

/**
 * Starts the proxy in this process, forwarding registry.npmjs.org to `registryUrl` (a local registry,
 * http://127.0.0.1:<port>); `dir` holds the certificate (the registry's temp folder).
 */
export async function startNpmjsProxy(registryUrl: string, dir: string): Promise<NpmjsProxy> {
  const { key, cert, certFile } = await makeCertificate(dir);
  // Node (n8n's own registry lookups) adds NODE_EXTRA_CA_CERTS to its roots: keep what the caller's
  // environment already trusted there and add ours. npm passes its own CA list and ignores that
  // variable: it gets the certificate as its `cafile` (npm_config_cafile, which the npm n8n spawns inherits).
  const trustFile = path.join(dir, 'trust.pem');
  const inherited = process.env.NODE_EXTRA_CA_CERTS;
  const extra = inherited && fs.existsSync(inherited) ? fs.readFileSync(inherited, 'utf8') : '';
  fs.writeFileSync(trustFile, `${extra.trimEnd()}\n${cert}`.trimStart());
  const target = new URL(registryUrl);
  const refused: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();

  // Requests arriving inside the TLS tunnel: forwarded to the registry, with the registry's own URL in
  // JSON answers (tarball links) rewritten to https://registry.npmjs.org so npm comes back through here.
  const inner = http.createServer((req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    const headers = { ...req.headers, host: target.host };
    delete headers['accept-encoding']; // plain bodies, so JSON can be rewritten
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (reply) => {
        const isJson = /json/.test(String(reply.headers['content-type'] ?? ''));
        if (!isJson) {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on('data', (c: Buffer) => chunks.push(c));
        reply.on('end', () => {
          const body = Buffer.from(Buffer.concat(chunks).toString('utf8').split(target.origin).join(NPMJS_URL));
          const out = { ...reply.headers, 'content-length': String(body.length) };
          delete out['transfer-encoding'];
          delete out.etag; // the body changed
          res.writeHead(reply.statusCode ?? 502, out);
          res.end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      // The registry is down: npm sees a 502 and reports it (n8n names the failure).
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`local registry unreachable: ${error.message}`);
    });
    req.pipe(upstream);
  });

  const proxy = http.createServer((_req, res) => {
    // Plain-HTTP proxying (absolute URLs) is not offered: npm and n8n use https for the registry.
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('only CONNECT to registry.npmjs.org:443 is proxied here');
  });
  proxy.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  proxy.on('connect', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const host = String(req.url ?? '');
    if (host !== `${NPMJS_HOST}:443`) {
      refused.push(host);
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    const secure = new tls.TLSSocket(socket, { isServer: true, key, cert });
    secure.on('error', () => socket.destroy());
    inner.emit('connection', secure);
  });

  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(0, '127.0.0.1', () => resolve());
  });
  const address = proxy.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    env: {
      HTTPS_PROXY: url,
      https_proxy: url,
      NO_PROXY: '127.0.0.1,localhost,::1',
      no_proxy: '127.0.0.1,localhost,::1',
      NODE_EXTRA_CA_CERTS: trustFile,
      npm_config_cafile: certFile,
    },
    refused: () => refused,
    forwarded: () => forwarded,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        inner.close();
        proxy.close(() => resolve());
      })),
  };
}
