import { UsageError } from './cli-support.js';

/** Everything piped in, as one line: a trailing newline is dropped, a second line is a mistake. */
export function passwordFromPipe(text: string): string {
  const line = text.replace(/\r?\n$/, '');
  if (/[\r\n]/.test(line)) throw new UsageError('Standard input must hold the password alone, on one line.');
  return line;
}

async function readAll(stream: NodeJS.ReadStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text;
}

/** One line typed at the terminal without echo; Ctrl-C or Ctrl-D cancels. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error: Error | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error === null) resolve(value);
      else reject(error);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(null);
        if (char === '\u0003' || char === '\u0004') return finish(new UsageError('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The new password from standard input, never from the command line: typed twice at a terminal
 * (without echo), or piped in by a script.
 */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return passwordFromPipe(await readAll(process.stdin));
  const first = await readHidden('New password: ');
  const second = await readHidden('Repeat it: ');
  if (first !== second) throw new UsageError('The two passwords differ.');
  return first;
}
