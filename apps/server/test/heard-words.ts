import { REALTIME_SAMPLE_RATE } from '../src/providers/asr/pcm16-at-24k';
import type { RealtimeBehaviour, RealtimeCommit } from './realtime-fixture';

const FRAME_MS = 20;
const FRAME_SAMPLES = (REALTIME_SAMPLE_RATE * FRAME_MS) / 1000;
// A frame is loud above -40 dBFS (RMS): espeak-ng's words sit near -20 dBFS and the silence between them at
// nothing, so the margin holds both ways even after Chromium's gain control and noise suppression.
const LOUD_RMS = 32_768 * 10 ** (-40 / 20);
// A burst is 60 ms of loud frames or more (shorter is a click), ended by 150 ms of quiet ones (a word's stop
// consonants are quiet for less).
const MIN_LOUD_FRAMES = Math.ceil(60 / FRAME_MS);
const END_QUIET_FRAMES = Math.ceil(150 / FRAME_MS);

/**
 * A RealtimeFixture `behave` that hears words by their energy: on each connection it follows the committed audio
 * (24 kHz PCM16) as one stream, frame by frame across commits, and answers a commit with one word per burst of
 * speech that ended in it, the connection's burst k being `words[k % words.length]`. A burst still going on when a
 * commit ends is answered with the commit where it ends.
 */
export function hearWords(words: string[]): (commit: RealtimeCommit) => RealtimeBehaviour {
  const connections = new Map<number, { countEnded: (audio: Buffer) => number; heard: number }>();
  return (commit) => {
    let connection = connections.get(commit.connection);
    if (!connection) {
      connection = { countEnded: createBurstCounter(), heard: 0 };
      connections.set(commit.connection, connection);
    }
    const ended = connection.countEnded(commit.audio);
    const first = connection.heard;
    connection.heard += ended;
    return { words: Array.from({ length: ended }, (_, k) => words[(first + k) % words.length]!) };
  };
}

/** Counts, in each piece of one PCM16 stream, the bursts of speech that ended in it. */
function createBurstCounter(): (audio: Buffer) => number {
  // The frame being read (it may span two pieces), and the burst: its loud frames so far and the quiet since.
  let frameSquares = 0;
  let frameSamples = 0;
  let loudFrames = 0;
  let quietFrames = 0;
  return (audio) => {
    let ended = 0;
    for (let offset = 0; offset + 1 < audio.length; offset += 2) {
      const sample = audio.readInt16LE(offset);
      frameSquares += sample * sample;
      if (++frameSamples < FRAME_SAMPLES) continue;
      const isLoud = Math.sqrt(frameSquares / FRAME_SAMPLES) > LOUD_RMS;
      frameSquares = 0;
      frameSamples = 0;
      if (isLoud) {
        loudFrames += 1;
        quietFrames = 0;
      } else if (loudFrames > 0 && ++quietFrames >= END_QUIET_FRAMES) {
        if (loudFrames >= MIN_LOUD_FRAMES) ended += 1;
        loudFrames = 0;
        quietFrames = 0;
      }
    }
    return ended;
  };
}
