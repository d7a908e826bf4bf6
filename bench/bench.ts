import { runChatBench } from './chat/chat.bench';
import { runForumsBench } from './forums/forums.bench';
import { runMediaBench } from './media/media.bench';
import { runPollsBench } from './polls/polls.bench';
import { runStopBench } from './stop/stop.bench';
import { buildServer } from './support/server';
import { runWebBench } from './web/web.bench';

/** `npm run bench -- <name> [options]`: runs one load benchmark. */
const BENCHES: Record<string, (args: string[]) => Promise<void>> = {
  chat: runChatBench,
  forums: runForumsBench,
  media: runMediaBench,
  polls: runPollsBench,
  stop: runStopBench,
  web: runWebBench,
};

const [name = '', ...args] = process.argv.slice(2);
const bench = BENCHES[name];
if (!bench) {
  console.error(`Usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]`);
  process.exit(1);
}
buildServer();
await bench(args);
