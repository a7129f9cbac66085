import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin-command.ts';
import { createDatabase } from '../src/db/database.ts';
import { useTestApp } from './harness.ts';

/**
 * `npm run admin -- backup / restore`: a consistent copy of the live SQLite shop (what is still in
 * its WAL included), checked, and put back into a data folder; PostgreSQL is pointed to pg_dump.
 */
const t = useTestApp();
const scratch = mkdtempSync(join(tmpdir(), 'simshop-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const adminIn = (dataDir: string, ...args: string[]) => runAdminCommand(args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' });

describe('backup and restore', () => {
  it('copies the live shop with every acknowledged order, and restores it into another folder, keeping what it replaced', async () => {
    if (t.engine === 'postgres') {
      expect(await t.admin('backup', join(scratch, 'pg.sqlite'))).toMatchObject({ code: 1, out: expect.stringContaining('pg_dump -Fc') });
      return;
    }
    const { token } = await t.signIn();
    const paid = [await t.buy(token, 'ESIM-ASIA-5-7', 1), await t.buy(token, 'ESIM-ASIA-5-7', 2)];
    const orders = Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const file = join(scratch, 'shop.sqlite');
    const backup = await t.admin('backup', file);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(new RegExp(`^backup written to ${file}: ${orders} orders, [0-9.]+ MB, integrity ok`));
    // A backup is never written over.
    expect(await t.admin('backup', file)).toMatchObject({ code: 1, out: expect.stringContaining('exists already') });

    // Restored into a folder with a shop of its own: that one is kept beside it.
    const elsewhere = join(scratch, 'restored');
    const other = createDatabase({ dataDir: elsewhere });
    await other.schema.createTable('orders').addColumn('id', 'integer').execute();
    await other.destroy();
    const restored = await adminIn(elsewhere, 'restore', file);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`${orders} orders, integrity ok; the database it replaced is kept as ${join(elsewhere, 'simshop.sqlite.before-restore-')}`);
    const copy = createDatabase({ dataDir: elsewhere });
    try {
      const rows = await copy.selectFrom('orders').select(['order_no', 'status']).where('order_no', 'in', paid).orderBy('order_no').execute();
      expect(rows.map((r) => [r.order_no, r.status])).toEqual([...paid].sort().map((n) => [n, 'delivered']));
    } finally {
      await copy.destroy();
    }
  });

  it('refuses a file that is not a simshop database, and a command without a file', async () => {
    const garbage = join(scratch, 'garbage.sqlite');
    writeFileSync(garbage, 'not a database at all, just some text that is long enough to have a header');
    const target = join(scratch, 'untouched');
    expect(await adminIn(target, 'restore', garbage)).toMatchObject({ code: 1, out: expect.stringMatching(/not a (SQLite|simshop) database/) });
    expect(await adminIn(target, 'restore', join(scratch, 'missing.sqlite'))).toMatchObject({ code: 1, out: expect.stringContaining('no file at') });
    expect(await adminIn(target, 'restore')).toMatchObject({ code: 1, out: expect.stringContaining('restore needs a file') });
  });
});
