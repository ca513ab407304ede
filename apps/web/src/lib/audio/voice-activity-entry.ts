// The recorder's voice activity detector and its chunker, one bundle fetched when a recording starts (with
// onnxruntime-web); the browser test imports it from the build the same way (e2e/voice-activity.spec.ts).
export { loadSpeechDetector } from './silero-detector';
export { createVoiceActivityChunker } from './voice-activity-chunker';
