import { pathToFileURL } from 'node:url';
import { recordAudit } from '../audit/record.js';
import type { ConsoleDb } from '../db/database.js';
import { publicUrlOf, type ServerConfig } from '../config.js';
import { wallLinkUrl } from '../walls/routes.js';
import { createWallLink, listWallLinks, revokeWallLink, WallLinkError } from '../walls/wall-links.js';
import { WallQueryError } from '../walls/wall-query.js';
import { cliActor, parseArgs, runWithDatabase, table, UsageError } from './cli-support.js';

const USAGE = `Usage: npm run walls -- <command>
  add NAME [--query "edge_id=…&window=15m"]   create a wall link and print its URL (shown once)
  list                                         every link: status, options, last request
  revoke NAME                                  revoke the link in use with that name`;

export async function wallsCommand(db: ConsoleDb, config: ServerConfig, args: readonly string[]): Promise<string> {
  const { positional, options } = parseArgs(args, ['query']);
  const [command, name, ...extra] = positional;
  const actor = cliActor('walls');
  if (extra.length > 0) throw new UsageError(`Unexpected "${extra.join(' ')}" (quote a name with spaces)`);
  switch (command) {
    case 'add': {
      if (name === undefined) throw new UsageError('add needs a NAME');
      try {
        const { link, key } = await createWallLink(db, { name, query: options.query ?? '', createdBy: actor.name });
        await recordAudit(db, {
          actor,
          action: 'wall.create',
          target: { type: 'wall', id: link.id },
          details: { name: link.name, query: link.query },
          outcome: 'ok',
          ip: null,
        });
        return `Wall link "${link.name}" created. Open this on the screen (it is shown only once):\n${wallLinkUrl(publicUrlOf(config), key)}`;
      } catch (error) {
        if (error instanceof WallLinkError || error instanceof WallQueryError) throw new UsageError(error.message);
        throw error;
      }
    }
    case 'list': {
      if (name !== undefined) throw new UsageError('list takes no NAME');
      const links = await listWallLinks(db);
      if (links.length === 0) return 'No wall links.';
      return table([
        ['NAME', 'STATUS', 'OPTIONS', 'CREATED', 'LAST REQUEST', 'FROM'],
        ...links.map((link) => [
          link.name,
          link.revoked_at === null ? 'in use' : `revoked ${link.revoked_at}`,
          link.query === '' ? '-' : link.query,
          `${link.created_at}${link.created_by === null ? '' : ` by ${link.created_by}`}`,
          link.last_seen_at ?? 'never',
          link.last_seen_ip ?? '-',
        ]),
      ]);
    }
    case 'revoke': {
      if (name === undefined) throw new UsageError('revoke needs a NAME');
      const link = await revokeWallLink(db, { name }, actor.name);
      if (link === null) throw new UsageError(`No wall link in use is named "${name}"`);
      await recordAudit(db, {
        actor,
        action: 'wall.revoke',
        target: { type: 'wall', id: link.id },
        details: { name: link.name },
        outcome: 'ok',
        ip: null,
      });
      return `Wall link "${link.name}" revoked: its screen loses access at its next request.`;
    }
    default:
      throw new UsageError(command === undefined ? 'Which command?' : `Unknown command "${command}"`);
  }
}

// Run as a script (not when a test imports the command).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runWithDatabase(async (db, config) => console.log(await wallsCommand(db, config, process.argv.slice(2))), USAGE);
}
