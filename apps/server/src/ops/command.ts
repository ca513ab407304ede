import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { backUp } from './backup';
import { OperationError } from './manifest';
import { restore } from './restore';

const USAGE = 'Usage: npm run backup -- <folder>   |   npm run restore -- <folder>';

/** `npm run backup|restore -- <folder>`, with the app's configuration from the environment (as `npm start`). */
async function main(): Promise<number> {
  const [operation, folderArgument] = process.argv.slice(2);
  if ((operation !== 'backup' && operation !== 'restore') || !folderArgument) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the project's root: the folder is relative to where the command was typed.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), folderArgument);
  try {
    const config = loadConfig();
    const report = (line: string) => console.log(line);
    if (operation === 'backup') await backUp(config, folder, report);
    else await restore(config, folder, report);
    return 0;
  } catch (error) {
    if (!(error instanceof OperationError || error instanceof DataDirInUseError || error instanceof ConfigError)) {
      throw error;
    }
    console.error(error.message);
    return 1;
  }
}

process.exit(await main());
