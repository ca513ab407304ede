import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_PASSWORD, opensslDate, testAnchorsDir, useCertificateAuthority } from '../../../test/certificates';
import { checkIcpBrasil, trustAnchors } from './icp-brasil-trust';
import { openSigningKey } from './open-certificate';
import { createPkcs12Threads } from './pkcs12-threads';

const trusted = useCertificateAuthority();
const outsider = useCertificateAuthority({ trusted: false });
const pkcs12Threads = createPkcs12Threads();
afterAll(() => pkcs12Threads.close());

async function chainOf(pfx: Buffer): Promise<Buffer[]> {
  return (await openSigningKey(pkcs12Threads, pfx, CERTIFICATE_PASSWORD, [], new Date())).signingKey.chain;
}

describe('the ICP-Brasil chain of a certificate', () => {
  it('ships ITI’s roots v5, v10 and v12 as anchors, and reads the extra anchors’ folder at each check', async () => {
    const shipped = await trustAnchors(undefined);
    expect(shipped.map((root) => root.fingerprint256)).toEqual([
      '6E:0B:FF:06:9A:26:99:4C:15:DE:2C:48:88:CC:54:AF:84:88:2E:54:95:B7:FB:F6:6B:E9:CC:FF:EC:74:89:F6',
      'D8:47:8E:37:CE:19:C6:90:CF:65:73:81:E6:8F:E6:00:E4:E1:A0:42:53:68:30:F0:68:47:E0:3E:55:4C:4B:01',
      'CA:A5:3F:C6:09:1C:69:51:88:7C:97:6E:37:8F:6E:F8:9A:A6:37:7C:55:D9:7B:64:75:42:2B:71:ED:7E:9B:17',
    ]);
    const withExtra = await trustAnchors(testAnchorsDir());
    const trustedAc = new X509Certificate(await trusted.certificate());
    const outsiderAc = new X509Certificate(await outsider.certificate());
    expect(withExtra.map((anchor) => anchor.fingerprint256)).toContain(trustedAc.fingerprint256);
    expect(withExtra.map((anchor) => anchor.fingerprint256)).not.toContain(outsiderAc.fingerprint256);
    expect(await trustAnchors('/nonexistent/escriba-anchors')).toHaveLength(3);
  });

  it('is ICP-Brasil’s when the chain reaches an anchor, every AC valid, the key allowed non-repudiation', async () => {
    const anchors = await trustAnchors(testAnchorsDir());
    const chain = await chainOf(await trusted.issueA1({ name: 'MARIANA TAVARES', cpf: '52998224725' }));
    expect(checkIcpBrasil(chain, anchors, new Date())).toEqual({ icpBrasil: true, icpBrasilProblem: null });
    // The holder's certificate alone (the file without its AC) still reaches the anchor.
    expect(checkIcpBrasil(chain.slice(0, 1), anchors, new Date()).icpBrasil).toBe(true);
  });

  it('is not, and says why, for an AC outside it, a key without non-repudiation, or an anchor out of its validity', async () => {
    const anchors = await trustAnchors(testAnchorsDir());
    const outside = await chainOf(await outsider.issueA1({ name: 'MARIANA TAVARES', cpf: '52998224725' }));
    expect(checkIcpBrasil(outside, anchors, new Date())).toEqual({
      icpBrasil: false,
      icpBrasilProblem: 'a cadeia de MARIANA TAVARES:52998224725 não chega a uma AC Raiz da ICP-Brasil',
    });

    const encipherOnly = await chainOf(
      await trusted.issueA1({
        name: 'MARIANA TAVARES',
        cpf: '52998224725',
        keyUsage: 'digitalSignature,keyEncipherment',
      }),
    );
    expect(checkIcpBrasil(encipherOnly, anchors, new Date())).toEqual({
      icpBrasil: false,
      icpBrasilProblem: 'o certificado não é de assinatura (sem o uso "não repúdio")',
    });

    const chain = await chainOf(
      await trusted.issueA1({ name: 'MARIANA TAVARES', cpf: '52998224725', endDate: opensslDate(5000) }),
    );
    const inTwentyYears = new Date(Date.now() + 20 * 365 * 86_400_000);
    expect(checkIcpBrasil(chain, anchors, inTwentyYears)).toEqual({
      icpBrasil: false,
      icpBrasilProblem: 'a AC raiz AC Escriba Testes v5 está fora da validade',
    });
  });
});
