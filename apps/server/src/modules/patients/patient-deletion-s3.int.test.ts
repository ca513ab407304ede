import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/factories';
import { DELETED, deletePatientRequest, patientWithFiles, rowsLeft } from '../../../test/patient-deletion-setup';
import { s3ClientFor, s3ConfigFor, startS3Server, type TestS3Server } from '../../../test/s3-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { consultationFolder } from '../../platform/storage/storage';

// A patient's deletion with the files in an S3 bucket (s3rver): the objects go too.
let server: TestS3Server;
let t: TestApp;
let bucket: S3Client;
beforeAll(async () => {
  server = await startS3Server();
  t = await createTestApp((config) => ({
    ...config,
    s3: s3ConfigFor(server),
  }));
  bucket = s3ClientFor(server);
});
afterAll(async () => {
  bucket.destroy();
  await t.close();
  await server.close();
});

async function objectsUnder(consultationIds: string[]): Promise<string[]> {
  const listings = await Promise.all(
    consultationIds.map((id) =>
      bucket.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${consultationFolder(id)}/` })),
    ),
  );
  return listings.flatMap((listing) => (listing.Contents ?? []).map((object) => object.Key!));
}

describe('DELETE /user/patients/{id} with files in S3', () => {
  it('removes every object of her consultations once the rows are gone', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const { patient, consultationIds, files } = await patientWithFiles(t.app, headers);
    expect((await objectsUnder(consultationIds)).sort()).toEqual([...files].sort());
    const response = await deletePatientRequest(t.app, headers, patient.id, patient.name);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject(DELETED);
    expect(await rowsLeft(t.app, patient.id, consultationIds)).toBe(0);
    await waitUntil(
      async () => (await objectsUnder(consultationIds)).length === 0,
      'objects removed by the job queued with the deletion',
      10_000,
    );
  });
});
