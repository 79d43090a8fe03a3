/**
 * The web server in front of a test WordPress, on 127.0.0.1:<port>, with a config of our own in the
 * run's folder (nothing read from /etc/nginx/sites-* or /etc/apache2/*-enabled):
 * - nginx with WordPress's standard config: `try_files $uri $uri/ /index.php?$args;`, PHP to PHP-FPM;
 * - Apache (event MPM) with mod_rewrite and `AllowOverride All`, so WordPress's own `.htaccess` (the
 *   `# BEGIN WordPress` block) routes pretty permalinks; PHP goes to the same PHP-FPM through
 *   mod_proxy_fcgi, as Debian's `php-fpm` Apache config does. (Not mod_php: it would need the prefork
 *   MPM and a second PHP, so the two servers would no longer run the same PHP.)
 * Server-level settings a site owner adds (a staging password, a redirect to https) are options; a
 * change restarts the server on the same port.
 */
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import type { Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { isExecutable, supervise, waitFor, type Supervised } from './supervise';

export type WebServerKind = 'nginx' | 'apache';

export const NGINX = '/usr/sbin/nginx';
export const APACHE = '/usr/sbin/apache2';
const APACHE_MODULES = '/usr/lib/apache2/modules';

/** What a site owner configures at the server, beside WordPress. */
export interface ServerExtras {
  /** HTTP Basic auth for the whole site, with this htpasswd file (a password-protected staging site). */
  basicAuthFile?: string;
  /** Every request answered with a 301 to `https://<host><uri>` (the usual "force https" snippet). */
  redirectToHttps?: boolean;
}

export interface WebServerOptions {
  kind: WebServerKind;
  /** The loopback address to listen on; 127.0.0.1 unless given. */
  host?: string;
  port: number;
  docroot: string;
  runDir: string;
  phpSocket: string;
  extras: ServerExtras;
  log?: Log;
}

export interface WebServer {
  output(): string;
  stop(): Promise<void>;
}

function webServerBinary(kind: WebServerKind): string {
  const bin = kind === 'nginx' ? NGINX : APACHE;
  if (!isExecutable(bin))
    throw new ServiceUnavailableError(
      kind,
      `${bin} is missing (Debian: apt-get install ${kind === 'nginx' ? 'nginx' : 'apache2'})`,
    );
  return bin;
}

/**
 * nginx's upstream `fastcgi_params`. Not Debian's /etc/nginx/fastcgi_params: bookworm's security update
 * sets `HTTP_HOST $host`, which drops the port, and WordPress on a port other than 80 then redirects
 * every page to itself (its canonical redirect adds the port back). Upstream passes the Host header as is.
 */
const FASTCGI_PARAMS = [
  'QUERY_STRING $query_string',
  'REQUEST_METHOD $request_method',
  'CONTENT_TYPE $content_type',
  'CONTENT_LENGTH $content_length',
  'SCRIPT_NAME $fastcgi_script_name',
  'REQUEST_URI $request_uri',
  'DOCUMENT_URI $document_uri',
  'DOCUMENT_ROOT $document_root',
  'SERVER_PROTOCOL $server_protocol',
  'REQUEST_SCHEME $scheme',
  'HTTPS $https if_not_empty',
  'GATEWAY_INTERFACE CGI/1.1',
  'SERVER_SOFTWARE nginx/$nginx_version',
  'REMOTE_ADDR $remote_addr',
  'REMOTE_PORT $remote_port',
  'SERVER_ADDR $server_addr',
  'SERVER_PORT $server_port',
  'SERVER_NAME $server_name',
  'REDIRECT_STATUS 200',
]
  .map((param) => `fastcgi_param ${param};`)
  .join('\n      ');

function nginxConfig(o: WebServerOptions): string {
  const temp = path.join(o.runDir, 'nginx');
  const extras = [
    o.extras.basicAuthFile ? `auth_basic "Staging"; auth_basic_user_file ${o.extras.basicAuthFile};` : '',
    o.extras.redirectToHttps ? 'return 301 https://$host$request_uri;' : '',
  ].filter(Boolean);
  return `daemon off;
worker_processes 1;
user www-data;
pid ${path.join(o.runDir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${temp}/body;
  fastcgi_temp_path ${temp}/fastcgi;
  proxy_temp_path ${temp}/proxy;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen ${o.host ?? '127.0.0.1'}:${o.port};
    server_name _;
    root ${o.docroot};
    index index.php;
    ${extras.join('\n    ')}
    # WordPress's standard nginx rule: what is not a file or folder goes to index.php.
    location / {
      try_files $uri $uri/ /index.php?$args;
    }
    location ~ \\.php$ {
      try_files $uri =404;
      ${FASTCGI_PARAMS}
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_pass unix:${o.phpSocket};
    }
  }
}
`;
}

function apacheConfig(o: WebServerOptions): string {
  const modules = [
    'mpm_event',
    'authz_core',
    'authz_host',
    'authz_user',
    'authn_core',
    'authn_file',
    'auth_basic',
    'mime',
    'dir',
    'env',
    'setenvif',
    'headers',
    'rewrite',
    'proxy',
    'proxy_fcgi',
  ].map((name) => `LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so`);
  const auth = o.extras.basicAuthFile
    ? `    AuthType Basic\n    AuthName "Staging"\n    AuthUserFile ${o.extras.basicAuthFile}\n    Require valid-user`
    : '    Require all granted';
  const redirect = o.extras.redirectToHttps
    ? 'RewriteEngine On\nRewriteRule ^ https://%{SERVER_NAME}%{REQUEST_URI} [R=301,L]'
    : '';
  return `ServerRoot ${o.runDir}
DefaultRuntimeDir ${path.join(o.runDir, 'apache')}
PidFile ${path.join(o.runDir, 'apache.pid')}
Mutex file:${path.join(o.runDir, 'apache')}
${modules.join('\n')}
Listen ${o.host ?? '127.0.0.1'}:${o.port}
ServerName 127.0.0.1
UseCanonicalName Off
User www-data
Group www-data
# Our stdio is a socket, which /proc/self/fd/2 cannot reopen: a piped logger inherits it.
ErrorLog "|/bin/cat"
LogLevel warn
TypesConfig /etc/mime.types
StartServers 1
ServerLimit 2
ThreadsPerChild 16
MaxRequestWorkers 32
DocumentRoot ${o.docroot}
DirectoryIndex index.php index.html
<Directory />
    AllowOverride None
    Require all denied
</Directory>
<Directory ${o.docroot}>
    Options FollowSymLinks
    # WordPress's .htaccess (pretty permalinks) needs overrides.
    AllowOverride All
${auth}
</Directory>
<FilesMatch "\\.php$">
    SetHandler "proxy:unix:${o.phpSocket}|fcgi://localhost"
</FilesMatch>
# WordPress reads the Authorization header (application passwords) from here.
SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1
${redirect}
`;
}

/** Starts the server; resolves once it accepts connections on its port. */
export async function startWebServer(o: WebServerOptions): Promise<WebServer> {
  const bin = webServerBinary(o.kind);
  let server: Supervised;
  if (o.kind === 'nginx') {
    for (const sub of ['body', 'fastcgi', 'proxy', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(o.runDir, 'nginx', sub), { recursive: true });
    const config = path.join(o.runDir, 'nginx.conf');
    fs.writeFileSync(config, nginxConfig(o));
    server = supervise({
      cmd: bin,
      args: ['-c', config, '-e', 'stderr'],
      cwd: o.runDir,
      label: 'nginx',
      stopSignal: 'SIGQUIT', // graceful
      removeOnOrphan: o.runDir,
      ...(o.log ? { log: o.log } : {}),
    });
  } else {
    fs.mkdirSync(path.join(o.runDir, 'apache'), { recursive: true });
    const config = path.join(o.runDir, 'apache2.conf');
    fs.writeFileSync(config, apacheConfig(o));
    server = supervise({
      cmd: bin,
      args: ['-f', config, '-DFOREGROUND'],
      cwd: o.runDir,
      // Debian's apache2 binary reads these from /etc/apache2/envvars otherwise.
      env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' },
      label: 'apache',
      stopSignal: 'SIGTERM', // at once: a graceful stop would wait for clients' idle keep-alive connections
      removeOnOrphan: o.runDir,
      ...(o.log ? { log: o.log } : {}),
    });
  }
  const ready = await waitFor(
    () => accepts(o.host ?? '127.0.0.1', o.port),
    30000,
    () => server.hasExited(),
  );
  if (!ready) {
    await server.stop(5000);
    throw new ServiceStartError(
      `${o.kind} on port ${o.port}`,
      server.hasExited() ? 'exited at start' : 'not ready in time',
      server.output(),
    );
  }
  return { output: server.output, stop: () => server.stop(10000) };
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
