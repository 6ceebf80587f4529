import { setI18n } from "react-i18next";
import { RESOURCES } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";

// Components rendered by a test outside the app's root (which provides each page's language)
// speak English, as a page does for a reader who asked for nothing else.
setI18n(createI18n(RESOURCES, "en"));
