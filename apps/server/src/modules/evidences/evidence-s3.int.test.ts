import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { addEvidence, postEvidence, waitUntilRead } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { s3ClientFor, s3ConfigFor, startS3Server, type TestS3Server } from '../../../test/s3-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { consultationFolder } from '../../platform/storage/storage';

// The calls of the upload, serving and deletion tests (evidence-*.int.test.ts), with the files in S3 (s3rver).
let server: TestS3Server;
let t: TestApp;
let bucket: S3Client;
beforeAll(async () => {
  server = await startS3Server();
  t = await createTestApp((config) => ({
    ...config,
    s3: s3ConfigFor(server),
    evidences: { ...config.evidences, maxUploadBytes: 1024 * 1024 },
  }));
  bucket = s3ClientFor(server);
});
afterAll(async () => {
  bucket.destroy();
  await t.close();
  await server.close();
});

async function objectsUnder(consultationId: string): Promise<string[]> {
  const listing = await bucket.send(
    new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${consultationFolder(consultationId)}/` }),
  );
  return (listing.Contents ?? []).map((object) => object.Key!).sort();
}

describe('evidence files in an S3 bucket', () => {
  it('stores the original and the renditions as objects, serves them, and deletes them', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const image = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const added = await addEvidence(t.app, headers, consultation.id, image, 'foto.png');
    const read = await waitUntilRead(t.app, headers, consultation.id, added.id, 60_000);
    expect(read.status).toBe('ready');
    const folder = `${consultationFolder(consultation.id)}/evidences/${added.id}`;
    expect(await objectsUnder(consultation.id)).toEqual(
      [`${folder}/original`, ...read.variants.map((variant) => `${folder}/variants/${variant.name}.webp`)].sort(),
    );
    const original = await t.app.inject({ method: 'GET', url: read.download_url!, headers });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['content-length']).toBe(String(image.length));
    expect(original.rawPayload.equals(image)).toBe(true);
    const thumbnail = await t.app.inject({ method: 'GET', url: read.thumbnail_url!, headers });
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${added.id}`),
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await objectsUnder(consultation.id)).toEqual([]);
  });

  it('keeps no object of a refused upload, and none of a deleted consultation', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const big = Buffer.alloc(5 * 1024 * 1024, 'a');
    expect((await postEvidence(t.app, headers, consultation.id, big, 'grande.txt')).statusCode).toBe(413);
    expect(await objectsUnder(consultation.id)).toEqual([]);

    await addEvidence(t.app, headers, consultation.id, Buffer.from('Pressão 12x8'), 'nota.txt');
    expect(await objectsUnder(consultation.id)).toHaveLength(1);
    const response = await t.app.inject({ method: 'DELETE', url: consultationUrl(consultation.id, ''), headers });
    expect(response.statusCode).toBe(204);
    expect(await objectsUnder(consultation.id)).toEqual([]);
  });
});
