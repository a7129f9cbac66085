import { runAdminCommand } from './admin-command.ts';

// `npm run admin -- <command>`: the owner's command line (commands and usage in admin-command.ts).
const { code, out } = await runAdminCommand(process.argv.slice(2), process.env);
if (code === 0) console.log(out);
else console.error(out);
process.exitCode = code;
