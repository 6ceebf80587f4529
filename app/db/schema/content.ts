import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { AgendaTranslations, SpeakerTranslations } from "../translations";
import { createdAt, translations, translationsCheck } from "./columns";

// What visitors read besides the settings: speakers, special guests, the agenda, partners.

export const SPEAKER_TYPES = ["Chairman", "Chief Host", "Host", "Keynote", "Speaker", "Panelist", "Moderator"] as const;

export const speakers = pgTable(
  "speakers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull().default(""),
    image_url: text("image_url").notNull().default(""),
    speaker_type: text("speaker_type", { enum: SPEAKER_TYPES }).notNull().default("Speaker"),
    translations: translations<SpeakerTranslations>(),
    // The organisers' display order (1..n), as for the agenda.
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index("speakers_order_idx").on(t.order_index),
    translationsCheck("speakers", t.translations),
    check(
      "speakers_speaker_type_check",
      sql`${t.speaker_type} in ('Chairman', 'Chief Host', 'Host', 'Keynote', 'Speaker', 'Panelist', 'Moderator')`,
    ),
  ],
);

export const special_guests = pgTable(
  "special_guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull().default(""),
    image_url: text("image_url").notNull().default(""),
    translations: translations<SpeakerTranslations>(),
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("special_guests_order_idx").on(t.order_index), translationsCheck("special_guests", t.translations)],
);

export const agenda = pgTable(
  "agenda",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    time: text("time").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    // The admin form's free-text speaker line; speaker_id stays for a joined speaker.
    speaker_name: text("speaker_name").notNull().default(""),
    translations: translations<AgendaTranslations>(),
    order_index: integer("order_index").notNull().default(0),
    speaker_id: uuid("speaker_id").references(() => speakers.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("agenda_order_idx").on(t.order_index), translationsCheck("agenda", t.translations)],
);

export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    logo_url: text("logo_url").notNull().default(""),
    website_url: text("website_url").notNull().default(""),
    order_index: integer("order_index").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("partners_order_idx").on(t.order_index)],
);
