import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { MalformedSecretsKeyError, parseSecretsKey, type SecretsKey } from '../platform/secrets/secrets-key';
import { backUp } from './backup';
import { OperationError } from './manifest';
import { restore } from './restore';
import { rotateSecretsKey } from './rotate-secrets-key';

const USAGE =
  'Usage: npm run backup -- <folder>   |   npm run restore -- <folder>   |   [NEW_SECRETS_KEY=…] npm run rotate-secrets-key';

/**
 * `npm run backup|restore -- <folder>` and `npm run rotate-secrets-key`, with the app's configuration from the
 * environment (as `npm start`); the rotation takes the new key from NEW_SECRETS_KEY, or makes one.
 */
async function main(): Promise<number> {
  const [operation, folderArgument] = process.argv.slice(2);
  const isKnown =
    operation === 'rotate-secrets-key' || ((operation === 'backup' || operation === 'restore') && folderArgument);
  if (!isKnown) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the project's root: the folder is relative to where the command was typed.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), folderArgument ?? '.');
  try {
    const config = loadConfig();
    const report = (line: string) => console.log(line);
    if (operation === 'backup') await backUp(config, folder, report);
    else if (operation === 'restore') await restore(config, folder, report);
    else await rotateSecretsKey(config, newSecretsKey(), report);
    return 0;
  } catch (error) {
    const isExpected = [OperationError, DataDirInUseError, ConfigError, MalformedSecretsKeyError].some(
      (kind) => error instanceof kind,
    );
    if (!isExpected || !(error instanceof Error)) throw error;
    console.error(error.message);
    return 1;
  }
}

function newSecretsKey(): SecretsKey | undefined {
  const text = process.env.NEW_SECRETS_KEY?.trim();
  return text ? parseSecretsKey(text, 'NEW_SECRETS_KEY') : undefined;
}

process.exit(await main());
