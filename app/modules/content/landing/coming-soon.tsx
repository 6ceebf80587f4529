import { useTranslation } from "react-i18next";
import { mediaImage } from "~/modules/media/media-url";
import { LanguageSwitch } from "~/ui/language-switch";

// The public site of a fresh install, until an organiser saves Event Settings once: the event's
// name (and logo, if one was uploaded) and "coming soon", with no date, venue, contact or host, since
// the defaults would show made-up ones. Kept out of search engines until the real page exists.

export function ComingSoon({ name, logoUrl }: { name: string; logoUrl: string }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col bg-gradient-to-br from-brand-800 to-brand-900 px-4 py-10 text-white">
      <meta name="robots" content="noindex" />
      <LanguageSwitch className="mx-auto flex w-full max-w-xl justify-end text-brand-100" />
      <div className="mx-auto my-auto w-full max-w-xl py-12 text-center">
        {logoUrl ? (
          <img {...mediaImage(logoUrl, 96)} alt="" width={96} height={96} className="mx-auto mb-6 h-24 w-24 object-contain" />
        ) : null}
        <h1 className="text-3xl font-extrabold break-words sm:text-4xl">{name}</h1>
        <p className="mt-6 inline-block rounded-full bg-accent-400 px-4 py-1 text-lg font-bold text-brand-900">{t("comingSoon.title")}</p>
        <p className="mt-6 text-lg text-brand-50">{t("comingSoon.lead")}</p>
      </div>
      <p className="mx-auto text-center text-sm">
        <a href="/admin/login" className="text-brand-100 underline underline-offset-2 hover:text-white">
          {t("comingSoon.signIn")}
        </a>
      </p>
    </main>
  );
}
