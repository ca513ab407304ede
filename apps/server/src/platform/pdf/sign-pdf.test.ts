import { createHash, X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CA_NAME, CERTIFICATE_PASSWORD, useCertificateAuthority } from '../../../test/certificates';
import { readCms } from '../../../test/cms-reading';
import { cmsDump, cmsVerify, pdfInfoEntries, pdfSignature, pdfSignatures } from '../../../test/pdf-tools';
import { expectSignedBy } from '../../../test/signature-checks';
import { openSigningKey } from '../../modules/certificates/open-certificate';
import { createPkcs12Threads } from '../../modules/certificates/pkcs12-threads';
import { SIGNATURE_POLICY_IDENTIFIER, SIGNING_CERTIFICATE_V2 } from './cades-signer';
import { renderClinicalDocument } from './clinical-document';

const ca = useCertificateAuthority();
const pkcs12Threads = createPkcs12Threads();
afterAll(() => pkcs12Threads.close());

const HOLDER = 'MARIANA CONCEICAO TAVARES';

async function signedDocument() {
  const pfx = await ca.issueA1({ name: HOLDER, cpf: '52998224725' });
  const { details, signingKey } = await openSigningKey(pkcs12Threads, pfx, CERTIFICATE_PASSWORD, [], new Date());
  const signedAt = new Date();
  const pdf = await renderClinicalDocument({
    title: 'Atestado',
    author: 'Dra. Mariana Tavares',
    metadata: { '2.16.76.1.12.1.2': '', '2.16.76.1.4.2.2.1': '123456', '2.16.76.1.4.2.2.2': 'SP' },
    letterhead: {
      professional: { name: 'Dra. Mariana Tavares', credentials: 'CRM/SP 123456' },
      practice: null,
      patient: { name: 'João Araújo', document: null },
      city: 'São Paulo/SP',
      issuedAt: signedAt,
    },
    body: (body) => body.paragraph('Atesto, para os devidos fins, que João Araújo esteve em consulta.'),
    signature: {
      certificate: { signingKey, holderName: details.holderName, issuer: details.issuer, icpBrasil: true },
      reason: 'Documento "Atestado" emitido por Dra. Mariana Tavares',
      location: 'São Paulo/SP',
      signedAt,
    },
  });
  return { pdf, holderCertificate: new X509Certificate(signingKey.chain[0]!) };
}

describe('a PAdES signature', () => {
  it('is baseline B-B: CAdES detached with the ESS signing-certificate-v2 naming the holder’s certificate, the chain, /M for the time', async () => {
    const { pdf, holderCertificate } = await signedDocument();

    await expectSignedBy(pdf, HOLDER);
    expect(await pdfSignatures(pdf)).toContain('Signing Hash Algorithm: SHA-256');

    const { cms, signed } = pdfSignature(pdf);
    // OpenSSL checks the signature, the digest of the signed bytes, the chain up to the AC and the ESS hash.
    expect(await cmsVerify(cms, signed, await ca.certificate())).toBe('CMS Verification successful');
    const dump = await cmsDump(cms);
    expect(dump).toContain(`id-smime-aa-signingCertificateV2 (${SIGNING_CERTIFICATE_V2})`);
    expect(dump).toContain('contentType (1.2.840.113549.1.9.3)');
    expect(dump).toContain('messageDigest (1.2.840.113549.1.9.4)');
    // Its certHash is the SHA-256 of the holder's certificate (not the AC's).
    expect(dump).toContain(`[HEX DUMP]:${holderCertificate.fingerprint256.replace(/:/g, '')}`);
    // PAdES keeps the claimed signing time in the signature dictionary, not in a CMS attribute.
    expect(dump).not.toContain('signingTime');
    expect(pdf.toString('latin1')).toMatch(/\/M \(D:\d{14}/);
    expect(dump).toContain(`subject: C=BR, O=ICP-Brasil, OU=Certificado PF A1, CN=${HOLDER}:52998224725`);
    expect(dump).toContain(`subject: C=BR, O=ICP-Brasil, CN=${CA_NAME}`);
  });

  it('follows ICP-Brasil’s PA_PAdES_AD_RB v1.3: exactly the mandatory signed attributes, read back with PKI.js', async () => {
    const { pdf, holderCertificate } = await signedDocument();
    const { cms, signed } = pdfSignature(pdf);
    const reading = readCms(cms);

    expect([...reading.attributeTypes].sort()).toEqual(
      [
        '1.2.840.113549.1.9.3', // content-type
        '1.2.840.113549.1.9.4', // message-digest
        SIGNING_CERTIFICATE_V2,
        SIGNATURE_POLICY_IDENTIFIER,
      ].sort(),
    );
    expect(reading.contentType).toBe('1.2.840.113549.1.7.1');
    expect(reading.messageDigest).toBe(createHash('sha256').update(signed).digest('hex'));
    expect(reading.signingCertificate).toEqual({
      certHash: holderCertificate.fingerprint256.replace(/:/g, '').toLowerCase(),
      hashAlgorithmWritten: false,
    });
    expect(reading.signaturePolicy).toEqual({
      oid: '2.16.76.1.7.1.11.1.3',
      // id-sha256, without parameters: the policy's signPolicyHash, not the SHA-256 of its .der file.
      hashAlgorithm: '2.16.840.1.101.3.4.2.1',
      hashAlgorithmMembers: 1,
      hash: '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
      qualifiers: [
        { oid: '1.2.840.113549.1.9.16.5.1', uri: 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der' },
      ],
    });
    expect(reading.digestAlgorithm).toBe('2.16.840.1.101.3.4.2.1');
    expect(reading.signatureAlgorithm).toBe('1.2.840.113549.1.1.1');
    expect(reading.certificates).toEqual([`${HOLDER}:52998224725`, CA_NAME]);
  });

  it('carries DocMDP P 2 in the signature dictionary, as ITI recommends, and the metadata in the information dictionary', async () => {
    const { pdf } = await signedDocument();
    const text = pdf.toString('latin1');
    const start = text.indexOf('/Type /Sig\n');
    const signatureDictionary = text.slice(start, text.indexOf('endobj', start));
    const reference = /\/Reference \[[\s\S]*\]/.exec(signatureDictionary)?.[0] ?? '';
    expect(reference).toMatch(/\/Type \/SigRef/);
    expect(reference).toMatch(/\/TransformMethod \/DocMDP/);
    expect(reference).toMatch(/\/TransformParams <<[\s\S]*\/P 2[\s\S]*\/V \/1\.2/);
    await expectSignedBy(pdf, HOLDER);
    const info = await pdfInfoEntries(pdf);
    expect(info).toMatchObject({ '2.16.76.1.12.1.2': '', '2.16.76.1.4.2.2.1': '123456', '2.16.76.1.4.2.2.2': 'SP' });
  });

  it('fails OpenSSL’s verification once a signed byte changes', async () => {
    const { pdf } = await signedDocument();
    const { cms, signed } = pdfSignature(pdf);
    const changed = Buffer.from(signed);
    changed[100] = changed[100]! ^ 0x01;
    expect(await cmsVerify(cms, changed, await ca.certificate())).toMatch(/content verify error|digest failure/i);
  });
});
