// A thread of the PKCS#12 pool (open-certificate.ts): opens the files it is sent with their passwords.
// Bundled by scripts/build.mjs beside main.js.
import { answerRequests } from '../../platform/worker-pool';
import { readPkcs12 } from './read-pkcs12';
import type { Pkcs12Request } from './pkcs12-threads';

answerRequests(({ file, password }: Pkcs12Request) => readPkcs12(file, password));
