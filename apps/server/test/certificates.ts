// A certification authority of the tests' own and A1-like certificates it issues, made with openssl as a
// Brazilian AC makes them; not part of the server.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

export const CA_NAME = 'AC Escriba Testes v5';
export const CERTIFICATE_PASSWORD = 'senha do certificado';

/**
 * `legacy`: the PKCS#12 many Brazilian A1 certificates still come in (3DES, SHA-1 MAC);
 * `aes`: OpenSSL 3's default (PBES2, PBKDF2, AES-256-CBC, SHA-256 MAC).
 */
export type Pkcs12Form = 'legacy' | 'aes';

export interface A1Options {
  /** The holder's name; ICP-Brasil writes the CN as "NAME:CPF". */
  name: string;
  cpf: string;
  form?: Pkcs12Form;
  /** Validity as openssl dates (YYYYMMDDHHMMSSZ); a year from yesterday when not given. */
  startDate?: string;
  endDate?: string;
  password?: string;
  /** The keyUsage extension's value; an ICP-Brasil signature certificate's when not given. */
  keyUsage?: string;
}

/**
 * The folder of extra trust anchors the test servers read (ICP_BRASIL_EXTRA_ANCHORS_DIR, one per process;
 * the browser tests' global setup names it for the server it starts): a trusted AC puts its certificate there.
 */
export function testAnchorsDir(): string {
  const dir = (process.env.ICP_BRASIL_EXTRA_ANCHORS_DIR ??= path.join(os.tmpdir(), `escriba-anchors-${process.pid}`));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A holder's certificate and key (PEM), as a cloud certificate's provider keeps them. */
export interface IssuedKeyPair {
  certificate: Buffer;
  key: Buffer;
}

export interface TestCertificateAuthority {
  /** A .pfx with the holder's key, certificate and the AC's certificate, as an AC hands it over. */
  issueA1(options: A1Options): Promise<Buffer>;
  /** The holder's certificate and key alone (the A1's options but the PKCS#12 form and password). */
  issueKeyPair(options: Omit<A1Options, 'form' | 'password'>): Promise<IssuedKeyPair>;
  /** The AC's own certificate (PEM), to verify what its certificates sign. */
  certificate(): Promise<Buffer>;
  close(): Promise<void>;
}

/** An openssl date (YYYYMMDDHHMMSSZ) `days` from now. */
export function opensslDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
}

/** An AC made before the file's tests and removed after them (trusted as ICP-Brasil's unless told). */
export function useCertificateAuthority(options: AuthorityOptions = {}): TestCertificateAuthority {
  const ca = {} as TestCertificateAuthority;
  beforeAll(async () => {
    Object.assign(ca, await createCertificateAuthority(options));
  });
  afterAll(() => ca.close());
  return ca;
}

export interface AuthorityOptions {
  /**
   * Whether the AC is a trust anchor of the servers (its certificate in testAnchorsDir()), standing for an
   * AC of ICP-Brasil's chain; false: an AC outside it, as any openssl user can make.
   */
  trusted?: boolean;
}

export async function createCertificateAuthority({
  trusted = true,
}: AuthorityOptions = {}): Promise<TestCertificateAuthority> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'escriba-ca-'));
  const anchor = path.join(testAnchorsDir(), `${path.basename(dir)}.crt`);
  const file = (name: string) => path.join(dir, name);
  await writeFile(file('index.txt'), '');
  await writeFile(file('serial'), '1000\n');
  await writeFile(file('ca.cnf'), caConfig(dir));
  // Arguments as one line each, split at spaces; a value with spaces (a subject) comes after it.
  const openssl = (args: string, ...values: string[]) => run('openssl', [...args.split(' '), ...values], { cwd: dir });
  await openssl(
    'req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 3650 -utf8 -subj',
    `/C=BR/O=ICP-Brasil/CN=${CA_NAME}`,
  );
  if (trusted) {
    testAnchorsDir(); // again: another AC's close may have just removed the emptied folder
    await copyFile(file('ca.crt'), anchor);
  }
  let sequence = 0;
  const issue = async ({
    name,
    cpf,
    startDate = opensslDate(-1),
    endDate = opensslDate(365),
    keyUsage = 'digitalSignature,nonRepudiation,keyEncipherment',
  }: Omit<A1Options, 'form' | 'password'>) => {
    const id = `a1-${++sequence}`;
    // ICP-Brasil's otherName for a natural person: birth date, CPF, NIS, RG and its issuer (DOC-ICP-04).
    const personData = `01021980${cpf}${'0'.repeat(11)}${'0'.repeat(15)}SSPSP`;
    await writeFile(
      file(`${id}.ext`),
      `subjectAltName=otherName:2.16.76.1.3.1;UTF8:${personData}\nkeyUsage=${keyUsage}\n`,
    );
    const subject = `/C=BR/O=ICP-Brasil/OU=Certificado PF A1/CN=${name}:${cpf}`;
    await openssl(`req -newkey rsa:2048 -nodes -keyout ${id}.key -out ${id}.csr -utf8 -subj`, subject);
    await openssl(
      `ca -config ca.cnf -batch -notext -utf8 -in ${id}.csr -out ${id}.crt -extfile ${id}.ext -startdate ${startDate} -enddate ${endDate}`,
    );
    return id;
  };
  return {
    async issueA1({ form = 'legacy', password = CERTIFICATE_PASSWORD, ...options }) {
      const id = await issue(options);
      const legacy = form === 'legacy' ? ' -keypbe PBE-SHA1-3DES -certpbe PBE-SHA1-3DES -macalg sha1' : '';
      await openssl(
        `pkcs12 -export -inkey ${id}.key -in ${id}.crt -certfile ca.crt -out ${id}.pfx${legacy} -passout`,
        `pass:${password}`,
      );
      return readFile(file(`${id}.pfx`));
    },
    async issueKeyPair(options) {
      const id = await issue(options);
      return { certificate: await readFile(file(`${id}.crt`)), key: await readFile(file(`${id}.key`)) };
    },
    certificate: () => readFile(file('ca.crt')),
    async close() {
      await rm(anchor, { force: true });
      // The folder goes with its last AC (testAnchorsDir makes it again); another AC's file keeps it.
      await rmdir(path.dirname(anchor)).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function caConfig(dir: string): string {
  return `[ca]
default_ca = test_ca
[test_ca]
dir = ${dir}
database = $dir/index.txt
new_certs_dir = $dir
serial = $dir/serial
certificate = $dir/ca.crt
private_key = $dir/ca.key
default_md = sha256
policy = any_name
unique_subject = no
[any_name]
countryName = optional
organizationName = optional
organizationalUnitName = optional
commonName = supplied
`;
}
