-- The certificates' signature image, uploaded in Event Settings and printed above the signature
-- line (one of our uploads, /media/<hash>.webp; empty: none). The signer's title in Hausa lives in
-- the translations column like the other translated settings, so it needs no column of its own.
ALTER TABLE "event_settings" ADD COLUMN "certificate_signature_url" text DEFAULT '' NOT NULL;
