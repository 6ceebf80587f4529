// Writes PAST_EDITION (past-edition.ts), an archived edition with a speaker's photo and a
// partner's logo, straight into a private site's database before its server starts
// (startPrivateSite({ pastEdition: true })), as "Start the Next Edition" would leave it.
import path from "node:path";
import sharp from "sharp";
import { openDbConnection } from "~/db/client.server";
import { createArchivedEdition } from "~/db/factories";
import { storeImage } from "~/modules/media/media.server";
import { PAST_EDITION } from "./past-edition";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const url = process.env.DATABASE_URL;
const database = await openDbConnection(url ? { kind: "postgres", url } : { kind: "pglite", dir: path.join(dataDir, "db") });
try {
  const { db } = database;
  const image = async (width: number, height: number, background: string) => {
    const bytes = await sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer();
    return (await storeImage(db, { type: "image/jpeg", size: bytes.length, bytes })).url;
  };
  const photo = await image(400, 400, "#b45309");
  const logo = await image(600, 200, "#166534");
  const { speaker, partner } = PAST_EDITION;
  await createArchivedEdition(db, {
    name: PAST_EDITION.name,
    translations: { ha: { name: PAST_EDITION.hausaName } },
    event_date: PAST_EDITION.eventDate,
    venue: PAST_EDITION.venue,
    figures: PAST_EDITION.figures,
    content: {
      translations: { ha: { venue: PAST_EDITION.hausaVenue } },
      speakers: [
        {
          name: speaker.name,
          title: speaker.title,
          bio: "",
          image_url: photo,
          speaker_type: "Keynote",
          translations: { ha: { title: speaker.hausaTitle } },
        },
      ],
      partners: [{ name: partner.name, logo_url: logo, website_url: partner.website }],
    },
    media_urls: [photo, logo],
  });
} finally {
  await database.close();
}
