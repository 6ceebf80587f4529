import type { DbOrTx } from "~/db/client.server";
import { createAgendaItem, createPartner, createSpeaker, createSpecialGuest } from "~/modules/content/content.server";
import { eventDateFrom } from "~/modules/content/demo-seed.server";
import type { SpeakerInput } from "~/modules/content/schemas";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { logoPng, portraitJpeg } from "./sample-images";

// The landing page as organisers will fill it: 20 speakers (organisers among them) and
// 5 special guests, each with their own photo, a guest of honour with a photo, a site logo,
// 12 agenda items and 10 partner logos. Every image goes through storeImage, the admin
// forms' upload path, so it is validated, re-encoded and stored as a real upload is.

const LANDING_COUNTS = { speakers: 20, specialGuests: 5, agenda: 12, partners: 10 } as const;

const SPEAKER_TYPES: SpeakerInput["speaker_type"][] = [
  "Chief Host",
  "Host",
  "Chairman",
  ...Array<SpeakerInput["speaker_type"]>(3).fill("Keynote"),
  ...Array<SpeakerInput["speaker_type"]>(7).fill("Speaker"),
  ...Array<SpeakerInput["speaker_type"]>(5).fill("Panelist"),
  ...Array<SpeakerInput["speaker_type"]>(2).fill("Moderator"),
];
const FIRST = ["Aminu", "Zainab", "Ibrahim", "Hauwa", "Sani", "Maryam", "Yusuf", "Fatima", "Kabiru", "Halima"];
const LAST = ["Ɗanladi", "Abubakar", "Musa", "Bello", "Sulaiman", "Garba", "Usman", "Lawal", "Aliyu", "Shehu"];
const BIO =
  "Has worked for over a decade with young people across the North West on civic education, peacebuilding " +
  "and enterprise, and leads programmes that train youth leaders in every local government of the state.";

async function upload(db: DbOrTx, bytes: Buffer, type: "image/jpeg" | "image/png"): Promise<string> {
  return (await storeImage(db, { type, size: bytes.length, bytes })).url;
}

export async function seedLandingContent(db: DbOrTx, today: Date): Promise<void> {
  let photo = 0;
  const nextPhoto = async () => upload(db, await portraitJpeg(photo++), "image/jpeg");
  await updateSettings(db, {
    event_date: eventDateFrom(today, 30),
    logo_url: await upload(db, await logoPng(0, "ZYS"), "image/png"),
    guest_of_honor_image_url: await nextPhoto(),
  });
  for (const [i, speaker_type] of SPEAKER_TYPES.entries()) {
    await createSpeaker(db, {
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      title: `Director of Youth Programmes, Organisation ${i + 1}`,
      speaker_type,
      bio: BIO,
      image_url: await nextPhoto(),
    });
  }
  for (let i = 0; i < LANDING_COUNTS.specialGuests; i++) {
    await createSpecialGuest(db, {
      name: `Alhaji ${FIRST[(i + 4) % FIRST.length]} ${LAST[(i + 7) % LAST.length]}`,
      title: "Emir's representative, traditional council",
      bio: BIO,
      image_url: await nextPhoto(),
    });
  }
  const hours = ["8:00", "8:30", "9:00", "9:30", "10:00", "10:45", "11:30", "12:30", "1:30", "2:30", "3:30", "4:30"];
  for (const [i, hour] of hours.entries()) {
    await createAgendaItem(db, {
      time: `${hour} ${i < 7 ? "AM" : "PM"}`,
      title: `Session ${i + 1}: young people, peace and the economy`,
      description: "A conversation on stage, followed by questions from the audience.",
      speaker_id: null,
      speaker_name: i % 2 ? `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}` : "",
    });
  }
  for (let i = 0; i < LANDING_COUNTS.partners; i++) {
    await createPartner(db, {
      name: `Partner Foundation ${i + 1}`,
      logo_url: await upload(db, await logoPng(i + 1, `Partner ${i + 1}`), "image/png"),
      website_url: `https://partner-${i + 1}.example.org`,
    });
  }
}
