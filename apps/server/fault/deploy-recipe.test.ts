import { spawnSync } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePostgresInstalled } from '../../../scripts/postgres.ts';
import { loadConfig } from '../src/config.ts';
import { deployBlocks, deployCommands, deployDoc, deploySection } from './deploy-doc.ts';
import { NGINX } from './nginx-process.ts';

/**
 * The owner's steps of docs/deploy.md rehearsed from the page itself (its code blocks are read, so
 * the page and this test cannot drift): the system user and its folders (§2), the PostgreSQL role
 * and database (§3), the settings file and the server's verdict on it (§5), the nginx site as the
 * page's sed writes it, checked by `nginx -t` (§6), the units checked by `systemd-analyze verify`
 * and the admin command line run as the system user (§7), the Prometheus snippet and the alerts
 * checked by promtool (§9), and every Debian package the page names. Paths under /etc, /var and
 * /opt move into a folder of the test, `simshop` (user, group, role, database) gets a name of its own, and
 * everything made is removed afterwards. Not run here: apt-get, git clone, npm ci and build (what
 * `npm test` and .ci/run do), certbot and systemctl (no systemd in a test); nginx-deploy.test.ts
 * runs the site, the units' settings and the rolling restart, postgres-backup.test.ts §10.
 * Needs root (adduser, install -o, sudo or runuser), as `npm test` runs; without it only the
 * packages and promtool checks run.
 */
const isRoot = process.getuid?.() === 0;
const repo = resolve(import.meta.dirname, '../../..');
const cluster = new URL(process.env.FAULT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const pgBin = ensurePostgresInstalled(() => undefined);
const pgEnv = { PATH: `${pgBin}:${process.env.PATH}`, PGHOST: cluster.hostname, PGPORT: cluster.port || '5432', PGUSER: decodeURIComponent(cluster.username) || 'postgres', PGDATABASE: 'postgres' };
/** The system user, its group, the role and the database: "simshop" in the doc. */
const name = `simshop_rh_${Date.now().toString(36)}`;
/** Stands for the machine's `/`: the doc's /etc, /var and /opt are made under it. */
const top = mkdtempSync(join(tmpdir(), 'simshop-recipe-'));
chmodSync(top, 0o755); // the system user and nginx go through it, as through /
for (const dir of ['etc', 'opt', 'var/lib']) mkdirSync(join(top, dir), { recursive: true, mode: 0o755 });
const CODE = '\0code\0';
const hasSudo = existsSync('/usr/bin/sudo');

/** A doc line as this test runs it: its paths under `top` (/opt/simshop: `code`), `simshop` the test's name. */
function rehearse(line: string, code = repo): string {
  const moved = line
    .replace(/^sudo -u postgres /, '') // PGUSER is the cluster's superuser
    .replace(/sudo -E -u simshop /g, hasSudo ? '$&' : 'runuser -u simshop -- ') // without sudo (step 1 installs it): util-linux's runuser, the same for root
    .replaceAll('/opt/simshop', CODE)
    .replace(/(^|[\s'"|=>])\/(etc|var|opt)\//g, `$1${top}/$2/`)
    .replace(/(?<![\w/.@-])simshop(?![\w/.@-])/g, name)
    .replaceAll(CODE, code);
  if (/\/(etc|var|opt)\//.test(moved.replaceAll(`${top}/`, 'TOP:').replaceAll(code, 'CODE'))) throw new Error(`a path outside the test's folder: ${moved}`);
  return moved;
}

function bash(line: string, opts: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-c', line], { cwd: opts.cwd ?? repo, input: opts.input, encoding: 'utf8', env: { ...process.env, ...pgEnv, ...opts.env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function ok(line: string, opts: Parameters<typeof bash>[1] = {}): string {
  const r = bash(line, opts);
  expect(r.status, `${line}\n${r.stderr}${r.stdout}`).toBe(0);
  return r.stdout;
}

afterAll(() => {
  if (!isRoot) return;
  bash(`dropdb --if-exists ${name}; dropuser --if-exists ${name}`);
  if (bash(`getent passwd ${name}`).status === 0) ok(`deluser --quiet ${name}`);
  if (bash(`getent group ${name}`).status === 0) ok(`delgroup --quiet ${name}`);
  rmSync(top, { recursive: true, force: true });
});

describe('docs/deploy.md, what it names', () => {
  it('§1 and the others: every Debian package the page names exists (apt-cache show)', () => {
    const doc = deployDoc();
    const named = new Set<string>();
    for (const m of doc.matchAll(/apt-get install((?: +[a-z0-9][a-z0-9.+-]*| +-y)+)/g)) for (const p of m[1]!.trim().split(/ +/)) if (p !== '-y') named.add(p);
    for (const m of doc.matchAll(/Debian's `([a-z0-9][a-z0-9.+-]+)`/g)) named.add(m[1]!);
    expect([...named]).toEqual(expect.arrayContaining(['nginx', 'postgresql', 'certbot', 'prometheus']));
    // The page runs sudo, which a Debian installed with a root password does not have.
    if (/^sudo /m.test(doc)) expect(deployCommands('1. Packages').join(' ')).toMatch(/apt-get install .*\bsudo\b/);
    // One call for all (it exits 0 while one is unknown): each must have its stanza.
    const shown = spawnSync('apt-cache', ['show', ...named], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout;
    const found = new Set([...shown.matchAll(/^Package: (\S+)$/gm)].map((m) => m[1]));
    expect([...named].filter((pkg) => !found.has(pkg)), 'unknown to apt-cache show').toEqual([]);
  });

  it('§9: the scrape configuration passes promtool check config (with and without the token), the alerts promtool check rules', () => {
    const promtool = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
    const [snippet] = deployBlocks('9. Metrics', 'yaml');
    const token = /`(authorization: \{ credentials: <token> \})`/.exec(deploySection('9. Metrics'))![1]!.replace('<token>', 'a0b1c2d3e4f5');
    const variants = { local: snippet!, remote: snippet!.replace(/^(\s*)(static_configs:)/m, `$1${token}\n$1$2`) };
    for (const [variant, yaml] of Object.entries(variants)) {
      const file = join(top, `prometheus-${variant}.yml`);
      writeFileSync(file, `global:\n  scrape_interval: 15s\n${yaml}`);
      const checked = spawnSync(promtool, ['check', 'config', file], { encoding: 'utf8' });
      expect(checked.error, `${promtool}: npm test installs Debian's prometheus`).toBeUndefined();
      expect(checked.status, `${variant}:\n${yaml}\n${checked.stdout}${checked.stderr}`).toBe(0);
    }
    // The alerts the page suggests: valid PromQL, on series the server registers.
    const alerts = [.../Alert on\s+([\s\S]*?`)\./.exec(deploySection('9. Metrics'))![1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    const rules = join(top, 'simshop-alerts.yml');
    writeFileSync(rules, `groups:\n  - name: simshop\n    rules:\n${alerts.map((expr, i) => `      - alert: simshop_${i}\n        expr: '${expr}'\n`).join('')}`);
    const checkedRules = spawnSync(promtool, ['check', 'rules', rules], { encoding: 'utf8' });
    expect(checkedRules.status, `${readFileSync(rules, 'utf8')}\n${checkedRules.stdout}${checkedRules.stderr}`).toBe(0);
    const registered = ok(`grep -rhoE "'simshop_[a-z_]+'" apps/server/src`);
    for (const expr of alerts) expect(registered, expr).toContain(`'${/^simshop_[a-z_]+/.exec(expr)![0]}'`);
  });
});

describe.runIf(isRoot)('docs/deploy.md rehearsed as root in a folder standing for the machine', () => {
  const password = createHash('sha256').update(name).digest('hex').slice(0, 24);
  const envFile = join(top, 'etc/simshop/simshop.env');
  const user = { uid: -1, gid: -1 };

  it('§2: a system user, its folders with their owners and modes', () => {
    for (const line of deployCommands('2. A system user and its folders')) ok(rehearse(line, join(top, 'opt/simshop')));
    const [, , uid, gid, , home, shell] = ok(`getent passwd ${name}`).trim().split(':');
    Object.assign(user, { uid: Number(uid), gid: Number(gid) });
    expect(user.uid).toBeLessThan(1000);
    expect(ok(`getent group ${name}`).split(':')[2]).toBe(gid);
    expect([home, shell]).toEqual([join(top, 'var/lib/simshop'), '/usr/sbin/nologin']);
    const owner = (path: string) => {
      const s = statSync(join(top, path));
      return { uid: s.uid, gid: s.gid, mode: (s.mode & 0o7777).toString(8) };
    };
    for (const path of ['var/lib/simshop', 'opt/simshop', 'var/lib/simshop/data', 'var/lib/simshop/assets']) expect(owner(path), path).toEqual({ ...user, mode: '755' });
    expect(owner('etc/simshop')).toEqual({ uid: 0, gid: user.gid, mode: '750' });
    // nginx (www-data) reaches the published assets: every folder on the way lets others through.
    for (let dir = join(top, 'var/lib/simshop/assets'); dir !== dirname(top); dir = dirname(dir)) expect(statSync(dir).mode & 0o001, dir).toBe(1);
  });

  it('§3: the role (its password typed at the prompt) and its database; the role connects', () => {
    const [createuser, createdb] = deployCommands('3. PostgreSQL');
    expect(createuser).toContain('--pwprompt');
    // setsid: no terminal to prompt on, so createuser reads the two answers from its input, as typed.
    ok(`setsid -w ${rehearse(createuser!)}`, { input: `${password}\n${password}\n` });
    ok(rehearse(createdb!));
    const url = `postgres://${name}:${password}@${pgEnv.PGHOST}:${pgEnv.PGPORT}/${name}`;
    expect(ok(`psql '${url}' -Atc 'select current_user, current_database(), pg_catalog.pg_get_userbyid(datdba) from pg_database where datname = current_database()'`).trim()).toBe(`${name}|${name}|${name}`);
    // The cluster here trusts loopback; the password stored is the one typed.
    const stored = ok(`psql -Atc "select rolpassword from pg_authid where rolname = '${name}'"`).trim();
    expect(stored && passwordMatches(stored, password, name)).toBe(true);
  });

  it('§5: the settings file as installed; the server refuses the example and accepts it filled in', () => {
    const [install, rand, editor] = deployCommands('5. The settings');
    ok(rehearse(install!));
    const s = statSync(envFile);
    expect({ uid: s.uid, gid: s.gid, mode: (s.mode & 0o777).toString(8) }).toEqual({ uid: 0, gid: user.gid, mode: '640' });
    const secrets = [ok(rehearse(rand!)).trim(), ok(rehearse(rand!)).trim()];
    for (const secret of secrets) expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(editor).toMatch(/^editor /);

    const shipped = settingsOf(envFile);
    expect(Object.keys(shipped).filter((k) => ['PORT', 'HOST', 'SIMSHOP_ROLE'].includes(k))).toEqual([]);
    expect(() => loadConfig(shipped)).toThrow(/SIGNING_SECRET[\s\S]*FILE_TOKEN_SECRET|FILE_TOKEN_SECRET[\s\S]*SIGNING_SECRET/);
    // The owner's edit: the database, the address, the two secrets; DATA_DIR is §2's folder, here under top.
    const filled: Record<string, string> = {
      DATABASE_URL: `postgres://${name}:${password}@${pgEnv.PGHOST}:${pgEnv.PGPORT}/${name}`,
      PUBLIC_URL: 'https://shop.rehearsal.example',
      SIGNING_SECRET: secrets[0]!,
      FILE_TOKEN_SECRET: secrets[1]!,
      DATA_DIR: rehearse(shipped.DATA_DIR!),
    };
    const text = readFileSync(envFile, 'utf8').replace(/^([A-Z_]+)=.*$/gm, (line, key: string) => (key in filled ? `${key}=${filled[key]}` : line));
    writeFileSync(envFile, text);
    const withoutAddress = settingsOf(envFile);
    delete withoutAddress.PUBLIC_URL;
    expect(() => loadConfig(withoutAddress)).toThrow(/PUBLIC_URL/);
    const config = loadConfig(settingsOf(envFile));
    expect({ env: config.env, databaseUrl: config.databaseUrl, publicUrl: config.publicUrl, dataDir: config.dataDir }).toEqual({ env: 'production', databaseUrl: filled.DATABASE_URL, publicUrl: filled.PUBLIC_URL, dataDir: filled.DATA_DIR });
  });

  it('§7: the units pass systemd-analyze verify; the admin command line runs as the system user', { timeout: 40_000 }, () => {
    const [cp] = deployCommands('7. The processes (systemd)');
    const units = join(top, 'etc/systemd/system');
    mkdirSync(units, { recursive: true });
    ok(rehearse(cp!));
    const copied = readdirSync(units).sort();
    expect(copied).toEqual(['simshop-web@.service', 'simshop-worker.service']);
    // verify checks ExecStart's program exists: the node running this test, the repository as /opt/simshop.
    for (const unit of copied) {
      const file = join(units, unit);
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(/^ExecStart=\/usr\/bin\/node --max-old-space-size=512 apps\/server\/dist\/server\.mjs$/m);
      writeFileSync(file, text.split('\n').map((l) => (l.startsWith('#') ? l : rehearse(l.replace('/usr/bin/node', process.execPath)))).join('\n'));
      const verified = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect({ unit, status: verified.status, stderr: verified.stderr }).toEqual({ unit, status: 0, stderr: '' });
    }
    // The unit runs what `npm run build` writes and `npm start` runs.
    const serverScripts = JSON.parse(readFileSync(join(repo, 'apps/server/package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(serverScripts.scripts.start).toBe('node --max-old-space-size=512 dist/server.mjs');
    expect(serverScripts.scripts.build).toMatch(/src\/server\.ts .*--outdir=dist .*--out-extension:\.js=\.mjs/);

    const [adminLine] = deployCommands('7. The processes (systemd)', 1);
    expect(adminLine).toMatch(/ npm run admin -- help$/);
    // The user's temporary files (tsx's cache) in the test's folder, removed with it.
    const tmp = join(top, 'tmp');
    mkdirSync(tmp, { mode: 0o1777 });
    chmodSync(tmp, 0o1777);
    expect(ok(rehearse(adminLine!), { env: { TMPDIR: tmp } })).toMatch(/staff list/);
    // With a command that reads the settings: as the role, into the role's database, the tables made at first use.
    const listed = bash(rehearse(adminLine!.replace(/ help$/, ' staff list')), { env: { TMPDIR: tmp } });
    expect(listed.status, listed.stderr).toBe(0);
    expect(ok(`psql -Atc "select count(*) > 0, bool_and(tableowner = '${name}') from pg_tables where schemaname = 'public'" ${name}`).trim()).toBe('t|t');
  });

  it('§6: the site as the page writes it (publish, upstreams, sed, links) passes nginx -t', () => {
    const nginxDir = join(top, 'etc/nginx');
    for (const dir of ['sites-available', 'sites-enabled']) mkdirSync(join(nginxDir, dir), { recursive: true });
    writeFileSync(join(nginxDir, 'sites-enabled/default'), '# Debian\'s default site\n');
    const config = loadConfig(process.env);
    for (const line of deployCommands('6. nginx')) {
      // The build's dist folders: where this test's environment has them (WEB_DIST, CONSOLE_DIST).
      ok(rehearse(line).replace(`${repo}/apps/web/dist`, config.webDist).replace(`${repo}/apps/console/dist`, config.consoleDist));
    }
    expect(readdirSync(join(nginxDir, 'sites-enabled'))).toEqual(['simshop']);
    const site = readFileSync(join(nginxDir, 'sites-enabled/simshop'), 'utf8');
    expect(site).not.toMatch(/\{\{/);
    expect(readdirSync(join(top, 'var/lib/simshop/assets')).sort()).toEqual(['console', 'uni']);

    // The certificate: the page's self-signed one for a test machine, where certbot would put its own.
    const [webroot] = deployCommands('6. nginx', 1);
    ok(rehearse(webroot!));
    const live = join(top, 'etc/letsencrypt/live/shop.example.com');
    mkdirSync(live, { recursive: true });
    const selfSigned = /`(openssl req -x509[^`]+)`/.exec(deploySection('6. nginx'))![1]!.replace(/\s+/g, ' ');
    ok(`${selfSigned.replace('-keyout key.pem', '-keyout privkey.pem').replace('-out cert.pem', '-out fullchain.pem')} 2>/dev/null`, { cwd: live });

    // Debian's /etc/nginx/nginx.conf, reduced to what -t needs: its mime types and sites-enabled.
    const main = join(nginxDir, 'nginx.conf');
    writeFileSync(main, `pid ${top}/nginx.pid;\nerror_log ${top}/nginx-error.log;\nevents { worker_connections 768; }\nhttp {\n    include /etc/nginx/mime.types;\n    access_log ${top}/nginx-access.log;\n    include ${nginxDir}/sites-enabled/*;\n}\n`);
    const tested = spawnSync(NGINX, ['-t', '-p', nginxDir, '-c', main, '-e', `${top}/nginx-error.log`], { encoding: 'utf8' });
    expect(tested.error, `${NGINX}: npm test installs Debian's nginx`).toBeUndefined();
    expect(tested.status, tested.stderr).toBe(0);
    expect(tested.stderr).toMatch(/test is successful/);
  });
});

/** The variables a file sets when bash sources it (`set -a && . FILE`), as the doc's admin line and the units read it. */
function settingsOf(file: string): Record<string, string> {
  const before = new Set(['PWD', 'SHLVL', '_', 'OLDPWD']);
  const out = spawnSync('env', ['-i', 'bash', '-c', `set -a && . '${file}' && set +a && env -0`], { encoding: 'utf8' }).stdout;
  return Object.fromEntries(
    out
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
      .filter(([key]) => !before.has(key!)),
  );
}

/** Whether PostgreSQL's stored verifier (SCRAM-SHA-256, or md5 on an older setting) is of `password`. */
function passwordMatches(stored: string, password: string, role: string): boolean {
  if (stored.startsWith('md5')) return stored === `md5${createHash('md5').update(password + role).digest('hex')}`;
  const m = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):(.+)$/.exec(stored);
  if (!m) return false;
  const salted = pbkdf2Sync(password, Buffer.from(m[2]!, 'base64'), Number(m[1]), 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return storedKey === m[3] && serverKey === m[4];
}
