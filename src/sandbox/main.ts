/**
 * `npm run sandbox`: the Discord emulator and the production bot in one process, with a
 * SQLite store under ./data/sandbox/, so one person can play as several users.
 *
 *   npm run sandbox                               interactive prompt
 *   npm run sandbox -- --script examples/x.txt    play a script, print the transcript
 *   npm run sandbox -- --script -                 the script from standard input
 *   npm run sandbox -- --pictures DIR             also write every picture the bot sends to DIR
 *
 * A script stops at its first failing line and the process exits 1.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createLogger } from '../bot/kernel/logger.ts';
import { installProcessGuards } from '../bot/app/process-guards.ts';
import { Harness } from './harness.ts';
import { runScript, ScriptRunner } from './script.ts';

const HELP = `Play as anyone: @alice /game start game:<id>, @bob click Join, @alice select <option>,
@alice modal Field="text", @carol say hi, wait 3m, expect <text>. Users: alice bob carol dave erin
frank grace heidi (and admin, the server owner). Type "quit" to leave.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      script: { type: 'string' },
      store: { type: 'string', default: 'data/sandbox/sandbox.sqlite' },
      keep: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      pictures: { type: 'string' },
    },
  });
  // Each run starts from an empty store unless --keep is given, so scripts replay identically.
  if (!values.keep) rmSync(values.store, { force: true });
  const logger = createLogger({ level: values.verbose ? 'debug' : 'warn', format: 'pretty', secrets: [] });
  installProcessGuards(logger);
  const h = await Harness.start({ storeUrl: `sqlite://${values.store}`, logger });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  let code = 0;
  try {
    if (values.script !== undefined) {
      const text = values.script === '-' ? readFileSync(0, 'utf8') : readFileSync(values.script, 'utf8');
      const failure = await runScript(h, text, print, values.pictures);
      code = failure ? 1 : 0;
      print(failure ? `Script failed at line ${failure.line}.` : 'Script finished.');
    } else {
      print(`Tradecraft sandbox: #${h.channel.name} in ${h.guild.name}.\n${HELP}`);
      const runner = new ScriptRunner(h, print, values.pictures, true);
      const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
      rl.prompt();
      for await (const line of rl) {
        if (line.trim() === 'quit') break;
        if (line.trim() === 'help') print(HELP);
        else
          await runner
            .line(line)
            .catch((err: unknown) => print(`✗ ${err instanceof Error ? err.message : String(err)}`));
        rl.prompt();
      }
      rl.close();
    }
  } finally {
    await h.stop();
  }
  process.exit(code);
}

await main();
