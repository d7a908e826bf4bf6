import { runAdmin } from './admin-cli';

/** `npm run admin -- grant <username> moderator|admin` or `revoke <username>`; see admin-cli.ts. */
const code = await runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
// The database driver may keep handles open for a moment; the answer is already printed.
process.exit(code);
