import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { WhisperFixture } from './whisper-fixture';

/** The configuration with its faster-whisper server at `url` (a fixture's). */
export function withWhisperAt(config: Config, url: string): Config {
  return { ...config, transcription: { ...config.transcription, whisper: { ...config.transcription.whisper, url } } };
}

/** For the test file: a loopback Whisper server and an app transcribing through it, started before its tests. */
export function useWhisperTestApp(): TestApp & { fixture: WhisperFixture } {
  const scene = {} as TestApp & { fixture: WhisperFixture };
  beforeAll(async () => {
    scene.fixture = await WhisperFixture.start();
    Object.assign(scene, await createTestApp((config) => withWhisperAt(config, scene.fixture.baseUrl)));
  });
  afterAll(async () => {
    await scene.close();
    await scene.fixture.close();
  });
  return scene;
}
