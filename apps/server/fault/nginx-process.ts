import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { API_BASE, signRequest } from '@simshop/contract';
import { FAULT_SIGNING } from './server-process.ts';

/**
 * Debian's nginx in front of the fault tests' server processes, run as the owner's deployment
 * runs it (deploy/nginx/simshop.conf, deploy/upstreams.sh) but unprivileged, in the foreground,
 * with its prefix, pid, logs and temporary files in the test's folder. The wrapper nginx.conf
 * stands for Debian's /etc/nginx/nginx.conf (same http settings, its mime.types). Not a general
 * nginx harness: one site, HTTPS with a self-signed certificate made by openssl.
 */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const repoRoot = resolve(import.meta.dirname, '../../..');
export const deployFile = (path: string) => join(repoRoot, 'deploy', path);

/** When the test runs as root, nginx runs as nobody (never as root); otherwise as the test's user. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** Gives the folder and what is in it to the user nginx runs as. */
export function handOver(...paths: string[]): void {
  for (const path of paths) {
    chmodSync(path, 0o755);
    if (asRoot) chownSync(path, NOBODY, NOBODY);
  }
}

/** A self-signed certificate for localhost and 127.0.0.1 (EC P-256: quick to make and to shake hands with). */
export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: Buffer } {
  const cert = join(dir, 'shop.crt');
  const key = join(dir, 'shop.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  if (asRoot) for (const f of [cert, key]) chownSync(f, NOBODY, NOBODY);
  return { cert, key, pem: readFileSync(cert) };
}

/** deploy/nginx/simshop.conf with every {{NAME}} replaced; a placeholder left unfilled is an error. */
export function renderSite(values: Record<string, string>): string {
  const rendered = readFileSync(deployFile('nginx/simshop.conf'), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (all, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx/simshop.conf: no value for ${all}`);
    return values[name]!;
  });
  return rendered;
}

/** The `Environment=` settings of a systemd unit in deploy/systemd, `%i` being the instance. */
export function unitEnvironment(unit: string, instance = ''): Record<string, string> {
  const text = readFileSync(deployFile(`systemd/${unit}`), 'utf8');
  const env: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.startsWith('Environment='))) {
    for (const pair of line.slice('Environment='.length).trim().split(/\s+/)) {
      const [name, value = ''] = pair.split('=');
      env[name!] = value.replaceAll('%i', instance);
    }
  }
  return env;
}

export interface Nginx {
  dir: string;
  child: ChildProcess;
  /** The shell command that checks the configuration and reloads it (rolling-restart.sh's SIMSHOP_NGINX_RELOAD). */
  reloadCommand: string;
  pidFile: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx on `dir/nginx.conf` (written here around `site`) and waits until `port` accepts connections. */
export async function startNginx(dir: string, site: string, port: number): Promise<Nginx> {
  const temp = join(dir, 'temp');
  mkdirSync(temp, { recursive: true });
  handOver(dir, temp);
  writeFileSync(join(dir, 'simshop.conf'), site);
  const pidFile = join(dir, 'nginx.pid');
  const errorLogFile = join(dir, 'error.log');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Debian's /etc/nginx/nginx.conf for one unprivileged test run.
worker_processes 2;
pid ${pidFile};
error_log ${errorLogFile} warn;
events { worker_connections 768; }
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    ssl_prefer_server_ciphers on;
    access_log ${join(dir, 'access.log')};
    gzip on;
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${join(dir, 'simshop.conf')};
}
`,
  );
  const args = ['-p', dir, '-c', conf, '-e', errorLogFile];
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'], ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const errorLog = () => (existsSync(errorLogFile) ? readFileSync(errorLogFile, 'utf8') : '');
  const until = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const quoted = args.map((a) => `'${a}'`).join(' ');
  return {
    dir,
    child,
    pidFile,
    reloadCommand: `'${NGINX}' ${quoted} -t -q && kill -HUP "$(cat '${pidFile}')"`,
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One HTTPS request on a connection of its own (no keep-alive), trusting the test's certificate:
 * a closed connection cannot be mistaken for nginx's answer. A failure to connect rejects.
 */
export function httpsRequest(url: string, ca: Buffer, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, ca, agent: false, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', fail);
    req.end(options.body);
  });
}

/** A signed API call as the shop's client makes it, through `base` (nginx); the envelope when the answer is one. */
export async function signedCall(base: string, ca: Buffer, path: string, action: string, body: unknown, token?: string, extraHeaders: Record<string, string> = {}): Promise<{ http: number; code: number; data: unknown }> {
  const query = `action=${action}`;
  const payload = JSON.stringify(body);
  const headers = signRequest(FAULT_SIGNING, { query, body: payload, token });
  const answer = await httpsRequest(`${base}${API_BASE}${path}?${query}`, ca, { method: 'POST', headers: { ...headers, ...extraHeaders, 'content-type': 'application/json' }, body: payload });
  let envelope: { code?: number; data?: unknown } = {};
  try {
    envelope = JSON.parse(answer.body.toString('utf8')) as typeof envelope;
  } catch {
    // nginx's own error page: the caller looks at the status
  }
  return { http: answer.status, code: envelope.code ?? -1, data: envelope.data };
}
