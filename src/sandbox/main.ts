/**
 * `npm run sandbox`: the Discord emulator and the production bot in one process, with a
 * SQLite store under ./data/sandbox/, so one person can play as several users.
 *
 *   npm run sandbox                               interactive prompt
 *   npm run sandbox -- --script examples/x.txt    play a script, print the transcript
 *   npm run sandbox -- --script -                 the script from standard input
 *   npm run sandbox -- --pictures DIR             also write every picture the bot sends to DIR
 *   npm run sandbox -- --web [--port 8420]        the sandbox as a web page on 127.0.0.1 (a --script is played first)
 *
 * A script stops at its first failing line and the process exits 1.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createLogger } from '../bot/kernel/logger.ts';
import { installProcessGuards } from '../bot/app/process-guards.ts';
import { Harness } from './harness.ts';
import { runScript, ScriptRunner } from './script.ts';
import { startWeb, type WebSandbox } from './web/index.ts';

const USAGE = `npm run sandbox -- [options]
  --script FILE      play a script (- for standard input), print the transcript, exit 1 at a failing line
  --pictures DIR     also write every picture the bot sends to DIR
  --web [--port N]   the sandbox as a web page on 127.0.0.1 (default port 8420)
  --store FILE       the SQLite store (default data/sandbox/sandbox.sqlite)
  --keep             keep the store (and its time) from the last run instead of starting empty
  --verbose          the bot's debug log
Script lines: see README.md, Sandbox.
`;

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
      web: { type: 'boolean', default: false },
      port: { type: 'string', default: '8420' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Each run starts from an empty store unless --keep is given, so scripts replay identically.
  // A kept store carries on at the time its last run stopped (its clock moved on with every
  // `wait`), so the deadlines it holds are neither far in the future nor all overdue.
  const clockFile = `${values.store}.clock`;
  if (!values.keep) rmSync(values.store, { force: true });
  const startAt = values.keep && existsSync(clockFile) ? Number(readFileSync(clockFile, 'utf8')) : undefined;
  const logger = createLogger({ level: values.verbose ? 'debug' : 'warn', format: 'pretty', secrets: [] });
  installProcessGuards(logger);
  const h = await Harness.start({ storeUrl: `sqlite://${values.store}`, logger, startAt });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  let code = 0;
  let web: WebSandbox | undefined;
  try {
    if (values.web) {
      web = await startWeb(h, { port: Number(values.port), print });
      // A script given with --web is played first; the pages then carry on from where it stopped.
      if (values.script !== undefined) await playFirst(web, values.script, print);
      await serveWeb(web, h.channel.name, h.guild.name, print);
    } else if (values.script !== undefined) {
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
    await web?.stop();
    await h.stop();
    writeFileSync(clockFile, String(h.clock.now()));
  }
  process.exit(code);
}

async function playFirst(web: WebSandbox, file: string, print: (line: string) => void): Promise<void> {
  const text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  for (const [i, line] of text.split('\n').entries()) {
    try {
      await web.session.line(line);
    } catch (err) {
      print(
        `✗ line ${i + 1}: ${err instanceof Error ? err.message : String(err)} (the pages go on from here)`,
      );
      return;
    }
  }
}

/** Serves the page until Ctrl-C (or "quit" at the prompt, which also takes lines as the terminal sandbox does). */
async function serveWeb(
  web: WebSandbox,
  channel: string,
  guild: string,
  print: (line: string) => void,
): Promise<void> {
  print(`Tradecraft sandbox: #${channel} in ${guild}, in your browser at ${web.url}`);
  print(`Open ${web.url}?user=bob in another tab to play as bob. Ctrl-C stops the sandbox.`);
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  if (!process.stdin.isTTY) return stopped;
  print(HELP);
  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
  const typed = (async () => {
    rl.prompt();
    for await (const line of rl) {
      if (line.trim() === 'quit') break;
      if (line.trim() === 'help') print(HELP);
      else
        await web.session
          .line(line)
          .catch((err: unknown) => print(`✗ ${err instanceof Error ? err.message : String(err)}`));
      rl.prompt();
    }
  })();
  await Promise.race([stopped, typed]);
  rl.close();
}

await main();
