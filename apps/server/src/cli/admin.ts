import { getPriority, setPriority } from 'node:os';
import { BACKUP_NICENESS } from '../db/sqlite-backup.ts';
import { runAdminCommand } from './admin-command.ts';

// A backup runs beside the live server: it yields the CPU to it (never less nice than it was started).
if (process.argv[2] === 'backup' && getPriority() < BACKUP_NICENESS) setPriority(BACKUP_NICENESS);

// `npm run admin -- <command>`: the owner's command line (commands and usage in admin-command.ts).
const { code, out } = await runAdminCommand(process.argv.slice(2), process.env);
if (code === 0) console.log(out);
else console.error(out);
process.exitCode = code;
