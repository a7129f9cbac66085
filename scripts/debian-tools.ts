import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program a suite runs, from a Debian package; `variable` lets a machine point elsewhere. */
export interface DebianTool {
  path: string;
  variable: string;
  pkg: string;
}

const isRoot = process.getuid?.() === 0;

/**
 * The Debian programs the suites run: the journeys in Chromium's headless shell (and the full
 * browser for notifications), nginx in front of the deployment test, promtool to read /metrics
 * with Prometheus's own parser.
 */
export const DEBIAN_TOOLS = {
  chromiumShell: { path: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', variable: 'CHROMIUM_SHELL_PATH', pkg: 'chromium-headless-shell' },
  chromium: { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', variable: 'CHROMIUM_PATH', pkg: 'chromium' },
  nginx: { path: process.env.NGINX_PATH ?? '/usr/sbin/nginx', variable: 'NGINX_PATH', pkg: 'nginx' },
  promtool: { path: process.env.PROMTOOL_PATH ?? '/usr/bin/promtool', variable: 'PROMTOOL_PATH', pkg: 'prometheus' },
} satisfies Record<string, DebianTool>;

/**
 * Installs the missing ones with apt-get when root (without recommends: the suites need the
 * programs, not their services), and throws, naming the package and the variable, when it cannot.
 */
export function ensureDebianTools(tools: DebianTool[], log: (line: string) => void): void {
  const missing = tools.filter((t) => !existsSync(t.path));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((t) => t.pkg))];
  if (!isRoot) throw new Error(`${missing.map((t) => t.path).join(' and ')} missing and this is not root: install Debian's ${pkgs.join(' ')} or set ${missing.map((t) => t.variable).join(' / ')}.`);
  log(`installing Debian's ${pkgs.join(' ')} ...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  for (const t of missing) if (!existsSync(t.path)) throw new Error(`apt-get install ${t.pkg} did not provide ${t.path}`);
}

/** The tools' paths as environment variables for a suite's processes. */
export function toolEnv(tools: DebianTool[]): Record<string, string> {
  return Object.fromEntries(tools.map((t) => [t.variable, t.path]));
}
