import { data } from "react-router";
import type { DbOrTx } from "~/db/client.server";
import { translator } from "~/i18n/translate.server";
import { logger } from "~/logger.server";
import { makeToast } from "~/ui/toast";
import { timeInputValue } from "./event-hours";
import { defaultObjectivesText } from "./objectives";
import { SETTINGS_TOASTS } from "./schemas";
import { getSettings } from "./settings.server";

/**
 * The Event Settings form's starting values, as the form's fields hold them (text). When the
 * settings cannot be read the page says so and offers no form: saving defaults over the
 * real settings would be worse than waiting.
 */
export async function settingsFormPage(db: DbOrTx) {
  try {
    const s = await getSettings(db);
    return data({
      // A saved change gives the form its new values.
      version: s.updated_at.toISOString(),
      registered: s.registered_count,
      // What an empty Objectives box shows visitors, in the organisers' language (the admin's).
      objectivesPlaceholder: defaultObjectivesText(translator("en")),
      defaults: {
        event_name: s.event_name,
        event_date: s.event_date,
        event_starts_at: timeInputValue(s.event_starts_at),
        event_ends_at: timeInputValue(s.event_ends_at),
        venue: s.venue,
        logo_url: s.logo_url,
        share_image_url: s.share_image_url,
        about: s.about,
        contact_email: s.contact_email,
        contact_phone: s.contact_phone,
        max_attendees: String(s.max_attendees),
        walk_in_seats: String(s.walk_in_seats),
        walk_in_seats_per_phone: String(s.walk_in_seats_per_phone),
        registration_enabled: s.registration_enabled ? "on" : "",
        auto_reminders: s.auto_reminders ? "on" : "",
        waitlist_offer_hours: String(s.waitlist_offer_hours),
        public_count_from: String(s.public_count_from),
        highlight_value: s.highlight_value,
        highlight_label: s.highlight_label,
        // The site's own, in the box to edit in place, while the organisers have not written theirs.
        objectives: s.objectives || defaultObjectivesText(translator("en")),
        organiser_name: s.organiser_name,
        privacy_email: s.privacy_email,
        retention_days: String(s.retention_days),
        corrections_close_days: String(s.corrections_close_days),
        hold_network_per_minute: String(s.hold_network_per_minute),
        hold_domain_per_10_minutes: String(s.hold_domain_per_10_minutes),
        hold_overall_per_minute: String(s.hold_overall_per_minute),
        held_expiry_hours: String(s.held_expiry_hours),
        proof_of_work_always: s.proof_of_work_always ? "on" : "",
        certificate_signer_name: s.certificate_signer_name,
        certificate_signer_title: s.certificate_signer_title,
        certificate_signature_url: s.certificate_signature_url,
        auto_certificates: s.auto_certificates ? "on" : "",
        certificate_valid_days: s.certificate_valid_days === null ? "" : String(s.certificate_valid_days),
        feedback_days: String(s.feedback_days),
        guest_of_honor_name: s.guest_of_honor_name,
        guest_of_honor_title: s.guest_of_honor_title,
        guest_of_honor_image_url: s.guest_of_honor_image_url,
        facebook_url: s.facebook_url,
        twitter_url: s.twitter_url,
        instagram_url: s.instagram_url,
        translations: withOwnHausaObjectives(s),
      },
      toast: null,
    });
  } catch (error) {
    logger().error({ err: error }, "settings read failed");
    return data(
      {
        version: "",
        registered: 0,
        objectivesPlaceholder: "",
        defaults: null,
        toast: makeToast("error", SETTINGS_TOASTS.loadFailed, 4000),
      },
      { status: 500 },
    );
  }
}

/** The Hausa box likewise holds the site's own Hausa objectives while both are the site's own. */
function withOwnHausaObjectives(s: Awaited<ReturnType<typeof getSettings>>) {
  if (s.objectives || s.translations.ha?.objectives) return s.translations;
  return { ...s.translations, ha: { ...s.translations.ha, objectives: defaultObjectivesText(translator("ha")) } };
}
