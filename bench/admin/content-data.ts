import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { agenda, partners, speakers, special_guests } from "~/db/schema";
import { storeImage } from "~/modules/media/media.server";

// The content screens' bench data: 100 speakers, 30 special guests, 100 agenda items and
// 50 partners, with real stored photos and logos (a handful, shared, as uploads would be).

export const CONTENT_COUNTS = { speakers: 100, specialGuests: 30, agenda: 100, partners: 50 } as const;
const TYPES = ["Keynote", "Speaker", "Panelist", "Moderator"] as const;

async function images(db: DbOrTx, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 30 * i, g: 120, b: 80 } } })
      .jpeg()
      .toBuffer();
    urls.push((await storeImage(db, { type: "image/jpeg", size: bytes.length, bytes })).url);
  }
  return urls;
}

/** Inserts the content; returns one speaker's id (for the edit form's URL). */
export async function seedContent(db: DbOrTx): Promise<{ speakerId: string; agendaId: string }> {
  const photos = await images(db, 8);
  const bio = "Works with young people across the North West on civic education, peacebuilding and jobs. ".repeat(3).trim();
  const speakerRows = await db
    .insert(speakers)
    .values(
      Array.from({ length: CONTENT_COUNTS.speakers }, (_, i) => ({
        name: `Speaker ${i + 1} Ɗanladi`,
        title: `Director, Organisation ${i + 1}`,
        bio,
        image_url: photos[i % photos.length] ?? "",
        speaker_type: TYPES[i % TYPES.length],
        order_index: i + 1,
      })),
    )
    .returning({ id: speakers.id });
  await db.insert(special_guests).values(
    Array.from({ length: CONTENT_COUNTS.specialGuests }, (_, i) => ({
      name: `Guest ${i + 1}`,
      title: "Emir's representative",
      bio,
      image_url: photos[i % photos.length] ?? "",
      order_index: i + 1,
    })),
  );
  const agendaRows = await db
    .insert(agenda)
    .values(
      Array.from({ length: CONTENT_COUNTS.agenda }, (_, i) => ({
        time: `${8 + Math.floor(i / 12)}:${String((i % 12) * 5).padStart(2, "0")} AM`,
        title: `Session ${i + 1}: youth and the economy`,
        description: "A conversation with the audience, followed by questions.",
        speaker_id: i % 3 === 0 ? speakerRows[i]?.id : null,
        speaker_name: i % 3 === 1 ? "Panel of young founders" : "",
        order_index: i + 1,
      })),
    )
    .returning({ id: agenda.id });
  await db.insert(partners).values(
    Array.from({ length: CONTENT_COUNTS.partners }, (_, i) => ({
      name: `Partner Organisation ${i + 1}`,
      logo_url: photos[i % photos.length] ?? "",
      website_url: `https://partner-${i + 1}.example.org`,
      order_index: i + 1,
    })),
  );
  const speakerId = speakerRows[0]?.id;
  const agendaId = agendaRows[0]?.id;
  if (!speakerId || !agendaId) throw new Error("no content rows");
  return { speakerId, agendaId };
}
