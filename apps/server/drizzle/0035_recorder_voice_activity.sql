-- The recorder's own voice activity detector (issue 34 §1): whether it heard speech in a chunk (the server's gate then
-- never drops it) and the silence it did not send before the chunk, which still counts on the recording's timeline.
ALTER TABLE "transcript_chunks" ADD COLUMN "speech_detected" boolean;--> statement-breakpoint
ALTER TABLE "transcript_chunks" ADD COLUMN "silence_before" double precision DEFAULT 0 NOT NULL;
